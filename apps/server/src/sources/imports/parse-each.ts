import type { ZodType } from 'zod';

/** Where a list's element is out of shape: its path from the top of the export, and why. */
export class ShapeIssue extends Error {
  constructor(
    readonly path: string,
    readonly why: string,
  ) {
    super(`${path}: ${why}`);
  }
}

/**
 * Each element of a list checked by `schema`, one at a time with `pace()` between them (a hundred thousand
 * links checked at once would hold every other request up); throws a ShapeIssue at the first one out of shape.
 */
export async function parseEach<T>(
  list: unknown[],
  schema: ZodType<T>,
  at: string,
  pace: () => Promise<void>,
): Promise<T[]> {
  const parsed: T[] = [];
  for (let i = 0; i < list.length; i++) {
    const one = schema.safeParse(list[i]);
    if (!one.success) {
      const issue = one.error.issues[0];
      throw new ShapeIssue([at, i, ...(issue?.path ?? [])].join('.'), issue?.message ?? 'unexpected shape');
    }
    parsed.push(one.data);
    await pace();
  }
  return parsed;
}
