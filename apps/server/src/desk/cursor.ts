import { z } from 'zod';
import { HttpError } from '../http/http-error.js';

/**
 * Where a page ended: the last row's sort values, id and whether it is a folder (a folder's folders are
 * listed before its items). Opaque to clients (base64url JSON).
 */
const cursorSchema = z.object({
  v: z.array(z.union([z.string(), z.number()])).max(3),
  id: z.uuid(),
  f: z.boolean(),
});
export type Cursor = z.infer<typeof cursorSchema>;

export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify(cursor)).toString('base64url');
}

export function decodeCursor(text: string): Cursor {
  try {
    return cursorSchema.parse(JSON.parse(Buffer.from(text, 'base64url').toString('utf8')));
  } catch {
    throw new HttpError(400, 'The page cursor is not valid: start again from the first page');
  }
}
