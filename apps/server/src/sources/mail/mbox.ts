import { type FileHandle, open } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

/**
 * One message cut out of an mbox: its bytes; or when it is over the limit its size and, when the
 * splitter was given somewhere to write, the file holding it whole (the caller's to remove).
 */
export type MboxMessage =
  | { index: number; raw: Buffer }
  | { index: number; raw: null; size: number; file: string | null };

const FROM = Buffer.from('From ');
const NEWLINE = Buffer.from('\n');
/** Bytes of a message over the limit gathered before they are written to its file. */
const WRITE_BYTES = 1024 * 1024;

/**
 * An mbox separator: "From ", the envelope sender, then the date as asctime writes it
 * (`Mon Nov  2 10:00:00 2026`), with the variants tools write: seconds left out, a time zone before
 * or after the year (Google Takeout: `Sat Jan 01 00:00:00 +0000 2022`), `remote from …` after it.
 */
const SEPARATOR =
  /^From \S*\s+(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun)\s+(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)\s+\d{1,2}\s+\d{1,2}:\d{2}(?::\d{2})?(?:\s+(?:[A-Z]{1,5}|[+-]\d{4}))?\s+\d{4}(?:\s|$)/;

const isBlank = (line: Buffer) => line.length === 0 || (line.length === 1 && line[0] === 0x0d);

/** A line that begins a message: after a blank line (or first in the file), a real "From " line. */
const isSeparator = (line: Buffer, first: boolean) =>
  line.subarray(0, 5).equals(FROM) && (first || SEPARATOR.test(line.subarray(0, 300).toString('latin1')));

/** mboxrd quotes body lines starting with "From " as ">From " (and ">From " as ">>From "): one ">" comes off. */
function unquote(line: Buffer): Buffer {
  let i = 0;
  while (line[i] === 0x3e) i += 1;
  return i > 0 && line.subarray(i, i + 5).equals(FROM) ? line.subarray(1) : line;
}

/** A message over the limit, written to its file as it streams in. */
class Spill {
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  private constructor(
    readonly file: string,
    private readonly handle: FileHandle,
  ) {}

  static async open(dir: string, index: number): Promise<Spill> {
    const file = path.join(dir, `message-${index + 1}.eml`);
    return new Spill(file, await open(file, 'w'));
  }

  async write(bytes: Buffer) {
    this.pending.push(bytes);
    this.pendingBytes += bytes.length;
    if (this.pendingBytes >= WRITE_BYTES) await this.flush();
  }

  private async flush() {
    if (this.pendingBytes === 0) return;
    await this.handle.write(Buffer.concat(this.pending));
    this.pending = [];
    this.pendingBytes = 0;
  }

  async close() {
    await this.flush();
    await this.handle.close();
  }

  async abandon() {
    await this.handle.close().catch(() => undefined);
  }
}

/**
 * The messages of an mbox archive as they stream in: a real "From " line after a blank line begins the
 * next one ("From Paris we take the train." in a body does not). A message within `maxBytes` is held
 * alone; a larger one is written to a file in `spillDir` as it comes (or, without one, only counted),
 * so an archive of any size is read with flat memory.
 */
export async function* splitMbox(
  input: Readable,
  maxBytes: number,
  spillDir?: string,
): AsyncGenerator<MboxMessage> {
  let lines: Buffer[] = [];
  let size = 0;
  let index = -1;
  let spill: Spill | null = null;
  /** A blank line, held until the next: the one before a separator belongs to it, not to the message. */
  let heldBlank: Buffer | null = null;
  /** The previous line was blank (or there was none): a separator may come. */
  let atBoundary = true;
  /** Part of a line too long to hold was already taken: the rest continues it. */
  let continuing = false;

  const add = async (bytes: Buffer, endsLine: boolean) => {
    const piece = endsLine ? [bytes, NEWLINE] : [bytes];
    size += bytes.length + (endsLine ? 1 : 0);
    if (spill) {
      for (const b of piece) await spill.write(b);
    } else if (size <= maxBytes) {
      lines.push(...piece);
    } else if (spillDir) {
      spill = await Spill.open(spillDir, index);
      for (const b of [...lines, ...piece]) await spill.write(b);
      lines = [];
    } else {
      lines = [];
    }
  };

  const finish = async (): Promise<MboxMessage | null> => {
    if (index < 0) return null;
    let message: MboxMessage;
    if (spill) {
      await spill.close();
      message = { index, raw: null, size, file: spill.file };
    } else if (size > maxBytes) {
      message = { index, raw: null, size, file: null };
    } else {
      message = { index, raw: Buffer.concat(lines) };
    }
    lines = [];
    size = 0;
    spill = null;
    heldBlank = null;
    return message;
  };

  const take = async (line: Buffer): Promise<MboxMessage | null> => {
    if (continuing) {
      continuing = false;
      await add(line, true);
      return null;
    }
    if (atBoundary && isSeparator(line, index < 0)) {
      const done = await finish();
      index += 1;
      atBoundary = false;
      return done;
    }
    const blank = isBlank(line);
    if (index < 0) {
      if (blank) return null;
      throw new MboxError('This is not an mbox archive: it should begin with a "From " line');
    }
    if (heldBlank) await add(heldBlank, true);
    heldBlank = blank ? line : null;
    atBoundary = blank;
    if (!blank) await add(unquote(line), true);
    return null;
  };

  try {
    let rest: Buffer = Buffer.alloc(0);
    for await (const chunk of input) {
      const buffer = rest.length ? Buffer.concat([rest, chunk as Buffer]) : (chunk as Buffer);
      let start = 0;
      for (let nl = buffer.indexOf(0x0a, start); nl !== -1; nl = buffer.indexOf(0x0a, start)) {
        const message = await take(buffer.subarray(start, nl));
        start = nl + 1;
        if (message) yield message;
      }
      rest = Buffer.from(buffer.subarray(start));
      if (rest.length > maxBytes && index >= 0) {
        // A line longer than any message may be (binary junk): written out or counted, never held.
        if (heldBlank) await add(heldBlank, true);
        heldBlank = null;
        atBoundary = false;
        await add(rest, false);
        continuing = true;
        rest = Buffer.alloc(0);
      }
    }
    if (rest.length) {
      const message = await take(rest);
      if (message) yield message;
    }
    const last = await finish();
    if (last) yield last;
  } finally {
    await (spill as Spill | null)?.abandon();
  }
}

export class MboxError extends Error {}
