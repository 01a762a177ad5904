import type { Readable } from 'node:stream';

/** One message cut out of an mbox: its bytes, or only its size when it is over the limit. */
export type MboxMessage = { index: number; raw: Buffer } | { index: number; raw: null; size: number };

const FROM_LINE = Buffer.from('From ');

/** mboxrd quotes body lines starting with "From " as ">From " (and ">From " as ">>From "): one ">" comes off. */
function unquote(line: Buffer): Buffer {
  let i = 0;
  while (line[i] === 0x3e) i += 1;
  return i > 0 && line.subarray(i, i + 5).equals(FROM_LINE) ? line.subarray(1) : line;
}

/**
 * The messages of an mbox archive as they stream in: a line starting with "From " begins the next one.
 * Only one message is held at a time (a message over `maxBytes` is counted, not held), so an archive of
 * any size is read with flat memory.
 */
export async function* splitMbox(input: Readable, maxBytes: number): AsyncGenerator<MboxMessage> {
  let lines: Buffer[] = [];
  let size = 0;
  let index = -1;
  let rest: Buffer = Buffer.alloc(0);
  const finish = (): MboxMessage | null => {
    if (index < 0) return null;
    // The blank line before the next "From " belongs to the separator, not the message.
    const last = lines[lines.length - 1];
    if (last && (last.length === 0 || (last.length === 1 && last[0] === 0x0d))) lines.pop();
    const message: MboxMessage =
      size > maxBytes
        ? { index, raw: null, size }
        : { index, raw: Buffer.concat(lines.flatMap((l) => [l, NEWLINE])) };
    lines = [];
    size = 0;
    return message;
  };
  const take = (line: Buffer): MboxMessage | null => {
    if (line.subarray(0, 5).equals(FROM_LINE)) {
      const done = finish();
      index += 1;
      return done;
    }
    if (index < 0) {
      if (line.length === 0 || (line.length === 1 && line[0] === 0x0d)) return null;
      throw new MboxError('This is not an mbox archive: it should begin with a "From " line');
    }
    size += line.length + 1;
    if (size <= maxBytes) lines.push(unquote(line));
    else lines = [];
    return null;
  };
  for await (const chunk of input) {
    const buffer = rest.length ? Buffer.concat([rest, chunk as Buffer]) : (chunk as Buffer);
    let start = 0;
    for (let nl = buffer.indexOf(0x0a, start); nl !== -1; nl = buffer.indexOf(0x0a, start)) {
      const message = take(buffer.subarray(start, nl));
      start = nl + 1;
      if (message) yield message;
    }
    rest = Buffer.from(buffer.subarray(start));
    if (rest.length > maxBytes && index >= 0) {
      // A line longer than any message may be (binary junk): counted, never held.
      size += rest.length;
      lines = [];
      rest = Buffer.alloc(0);
    }
  }
  if (rest.length) {
    const message = take(rest);
    if (message) yield message;
  }
  const last = finish();
  if (last) yield last;
}

const NEWLINE = Buffer.from('\n');

export class MboxError extends Error {}
