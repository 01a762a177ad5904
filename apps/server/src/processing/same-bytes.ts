import { and, eq, or, type SQL } from 'drizzle-orm';
import { objects } from '../db/schema.js';

export interface Target {
  id: string;
  ownerId: string;
}

/** The object and the duplicates kept as links to it: same bytes, so the same text and thumbnail. */
export function sameBytes(target: Target): SQL | undefined {
  return and(
    eq(objects.ownerId, target.ownerId),
    or(eq(objects.id, target.id), eq(objects.duplicateOf, target.id)),
  );
}
