import { type SQL, sql } from 'drizzle-orm';

// Arrays bound as one parameter each (drizzle would expand a JS array into a list of parameters).

/** A `uuid[]` parameter (the ids must be valid uuids, as zod checks them). */
export function uuidArray(ids: readonly string[]): SQL {
  return sql`${`{${ids.join(',')}}`}::uuid[]`;
}

/** A `text[]` parameter; each element quoted, so commas, braces and quotes stay inside it. */
export function textArray(values: readonly string[]): SQL {
  const quoted = values.map((v) => `"${v.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`);
  return sql`${`{${quoted.join(',')}}`}::text[]`;
}
