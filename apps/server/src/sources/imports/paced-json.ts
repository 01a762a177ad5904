import { JSONParser } from '@streamparser/json';

/** Bytes parsed between two `pace()` checks: a few milliseconds of work. */
const SLICE_BYTES = 32 * 1024;

/** Not JSON, or (`notAList`) JSON that is not a list; the caller says so in its own words. */
export class NotJson extends Error {
  constructor(
    message: string,
    readonly notAList = false,
  ) {
    super(message);
  }
}

const OPEN_BRACKET = 0x5b;
const SPACES = new Set([0x20, 0x09, 0x0a, 0x0d, 0xef, 0xbb, 0xbf]); // and a byte-order mark's bytes

/** The first byte of `chunk` that is not white space (or a byte-order mark), else null. */
function firstSignificant(chunk: Uint8Array): number | null {
  for (const byte of chunk) if (!SPACES.has(byte)) return byte;
  return null;
}

/**
 * Each element of a JSON list, parsed a slice at a time with `pace()` between slices, handed to `each`
 * as it completes and then dropped by the parser. `JSON.parse` of an export's 20 MB manifest holds the
 * thread (and every other request) for a quarter of a second, and its garbage for more; this never holds
 * it longer than a slice. Throws NotJson when the bytes are not JSON or not a list, and what `each` throws.
 */
export async function eachJsonElement(
  chunks: AsyncIterable<Uint8Array>,
  each: (value: unknown) => void,
  pace: () => Promise<void>,
): Promise<void> {
  const parser = new JSONParser({ paths: ['$.*'], keepStack: false });
  /** The root's first character, once seen: `[` for a list. */
  let root: number | null = null;
  let failure: unknown = null;
  /** What `each` threw: the parser would report it as its own error. */
  let refused: { error: unknown } | null = null;
  parser.onValue = ({ value, stack }) => {
    if (stack.length !== 1 || refused) return;
    try {
      each(value);
    } catch (error) {
      refused = { error };
      throw error;
    }
  };
  parser.onError = (error) => {
    failure ??= error;
  };
  for await (const chunk of chunks) {
    root ??= firstSignificant(chunk);
    if (root !== null && root !== OPEN_BRACKET) throw new NotJson('it is JSON but not a list', true);
    for (let at = 0; at < chunk.length && !failure; at += SLICE_BYTES) {
      parser.write(chunk.subarray(at, at + SLICE_BYTES));
      await pace();
    }
    if (failure) break;
  }
  if (refused) throw refused.error;
  if (!failure && !parser.isEnded) parser.end();
  if (failure) throw new NotJson(String(failure));
  if (root === null) throw new NotJson('it is empty');
}
