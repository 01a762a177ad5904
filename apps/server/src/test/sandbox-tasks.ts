/** Tasks that misbehave on purpose, for the sandbox's tests. */
const kept: unknown[] = [];

export const tasks = {
  echo: async (input: { text: string; bytes: Uint8Array }) => ({
    text: input.text.toUpperCase(),
    length: input.bytes.length,
  }),
  /** Holds ever more strings, as a parser of a bomb would. */
  hog: async () => {
    const held: string[] = [];
    for (;;) held.push(`${'x'.repeat(1024)}${held.length}`);
  },
  /** Fills ever more buffers, as an inflater would: memory outside the heap, that no heap limit counts. */
  inflate: async () => {
    const held: Buffer[] = [];
    for (;;) held.push(Buffer.alloc(16 * 1024 * 1024, 1));
  },
  /** Never yields. */
  spin: async () => {
    for (;;) {}
  },
  fail: async () => {
    throw new Error('The file is damaged');
  },
  /** Keeps `mb` MiB on its heap when it answers. */
  grow: async ({ mb }: { mb: number }) => {
    for (let i = 0; i < mb * 1024; i += 1) kept.push(new Array(128).fill(i));
    return kept.length;
  },
  /** Counts the tasks its worker has run. */
  count: async () => {
    kept.push(0);
    return kept.length;
  },
};
