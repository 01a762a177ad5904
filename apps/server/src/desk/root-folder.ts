import type { UserRow } from '../db/schema.js';
import { HttpError } from '../http/http-error.js';

/** The root folder of a user's desk; a user whose desk is not made yet is refused (409). */
export function rootOf(user: UserRow): string {
  if (!user.rootFolder) throw new HttpError(409, 'Your desk is not ready yet');
  return user.rootFolder;
}
