import { createReadStream } from 'node:fs';
import { mkdtemp, open, rm } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { makeTempFolder } from '../../storage/temp-files.js';
import type { SyncCounts } from '../repository.js';
import type { ImportedItem, SyncPage } from '../source.js';
import { emailItems, type ParsedEmail, parseRawMessage } from './mail-message.js';
import { parseLargeMessage } from './mail-message-stream.js';
import { MboxError, splitMbox } from './mbox.js';

/** Messages stored together; a batch is also sent once it holds this many bytes. */
const BATCH_MESSAGES = 50;
const BATCH_BYTES = 32 * 1024 * 1024;

export interface MailFileTarget {
  /** Stores a batch of messages (and files that failed) under the user's mail-files connection. */
  importItems: (items: ImportedItem[], failed: NonNullable<SyncPage['failed']>) => Promise<SyncCounts>;
  maxBytes: number;
}

export interface MailFileCounts {
  messages: number;
  imported: number;
  skipped: number;
  failed: number;
}

/** An uploaded file that holds no e-mail at all: nothing of it was stored. */
export class NotMailError extends Error {}

/** The stream's first bytes, and the stream again from the start. */
async function peek(input: Readable): Promise<{ head: Buffer; stream: Readable }> {
  const iterator = input[Symbol.asyncIterator]();
  const first: Buffer[] = [];
  let size = 0;
  let done = false;
  while (size < 64 && !done) {
    const next = await iterator.next();
    if (next.done) done = true;
    else {
      first.push(next.value as Buffer);
      size += (next.value as Buffer).length;
    }
  }
  async function* again() {
    yield* first;
    if (done) return;
    for (let next = await iterator.next(); !next.done; next = await iterator.next())
      yield next.value as Buffer;
  }
  return { head: Buffer.concat(first), stream: Readable.from(again(), { objectMode: false }) };
}

/** Something mailparser read but that has nothing of an e-mail (a picture named .eml). */
const looksLikeMail = (mail: ParsedEmail) =>
  Boolean(mail.from || mail.subject || mail.messageId || mail.date || mail.to);

/** A single message: its bytes when within the limit, else the file in `dir` it was written to whole. */
async function readMessage(
  stream: Readable,
  maxBytes: number,
  dir: string,
): Promise<{ raw: Buffer } | { raw: null; file: string }> {
  const chunks: Buffer[] = [];
  let size = 0;
  const iterator = stream[Symbol.asyncIterator]();
  for (let next = await iterator.next(); !next.done; next = await iterator.next()) {
    chunks.push(next.value as Buffer);
    size += (next.value as Buffer).length;
    if (size > maxBytes) {
      const file = path.join(dir, 'message.eml');
      const handle = await open(file, 'w');
      try {
        await handle.write(Buffer.concat(chunks));
        for (next = await iterator.next(); !next.done; next = await iterator.next()) {
          await handle.write(next.value as Buffer);
        }
      } finally {
        await handle.close();
      }
      return { raw: null, file };
    }
  }
  return { raw: Buffer.concat(chunks) };
}

/**
 * One uploaded file: an mbox archive (it starts with a "From " line) is split as it streams in and
 * stored a batch of messages at a time; anything else is read as one message (.eml). A message over
 * the limit is read as it streams from a temporary file: its headers and text are stored and only the
 * attachments over the limit are listed as failed, as over IMAP. A message that cannot be read is
 * listed as failed and the rest go on; a file that is not mail at all is a NotMailError, nothing stored.
 */
export async function importMailFile(
  input: Readable,
  fileName: string,
  target: MailFileTarget,
): Promise<MailFileCounts> {
  const counts: MailFileCounts = { messages: 0, imported: 0, skipped: 0, failed: 0 };
  let items: ImportedItem[] = [];
  let failed: NonNullable<SyncPage['failed']> = [];
  let bytes = 0;
  const flush = async () => {
    const stored = await target.importItems(items, failed);
    counts.imported += stored.imported;
    counts.skipped += stored.skipped;
    counts.failed += stored.failed;
    items = [];
    failed = [];
    bytes = 0;
  };
  // The same message uploaded again, in this file or another, is the same item, left as it is.
  const version = 'file';
  const unreadable = (where: string, error: unknown) =>
    failed.push({
      externalId: `file:${where}`,
      name: where,
      reason: `Not readable as an e-mail: ${error instanceof Error ? error.message : String(error)}`,
    });
  /**
   * A message over the limit, read from the file it was written to: its parts are written to files of
   * their own, so it is stored at once (in a batch of its own) and they are removed after.
   */
  const storeLarge = async (mail: ParsedEmail, partsDir: string) => {
    try {
      await flush();
      items.push(...emailItems(mail, { version }));
      await flush();
    } finally {
      await rm(partsDir, { recursive: true, force: true });
    }
  };
  const parseLarge = async (file: string) => {
    const partsDir = await mkdtemp(path.join(dir, 'parts-'));
    try {
      return { mail: await parseLargeMessage(createReadStream(file), target.maxBytes, partsDir), partsDir };
    } catch (error) {
      await rm(partsDir, { recursive: true, force: true });
      throw error;
    } finally {
      await rm(file, { force: true });
    }
  };

  const dir = await makeTempFolder('mail');
  try {
    const { head, stream } = await peek(input);
    const isMbox = head.toString('latin1').trimStart().startsWith('From ');

    if (!isMbox) {
      const message = await readMessage(stream, target.maxBytes, dir);
      const large = message.raw ? null : await parseLarge(message.file).catch(() => null);
      const mail = message.raw ? await parseRawMessage(message.raw).catch(() => null) : (large?.mail ?? null);
      if (!mail || !looksLikeMail(mail)) {
        throw new NotMailError(`${fileName} is not an e-mail message (.eml) or an mbox archive`);
      }
      counts.messages = 1;
      if (large) await storeLarge(large.mail, large.partsDir);
      else items.push(...emailItems(mail, { version }));
      await flush();
      return counts;
    }

    for await (const message of splitMbox(stream, target.maxBytes, dir)) {
      counts.messages += 1;
      const where = `${fileName}, message ${message.index + 1}`;
      let mail: ParsedEmail;
      let large: Awaited<ReturnType<typeof parseLarge>> | null = null;
      try {
        if (message.raw) mail = await parseRawMessage(message.raw);
        else if (message.file) {
          large = await parseLarge(message.file);
          mail = large.mail;
        } else throw new Error('Larger than this server can read');
        if (!looksLikeMail(mail)) throw new Error('It has no e-mail headers');
      } catch (error) {
        if (large) await rm(large.partsDir, { recursive: true, force: true });
        unreadable(where, error);
        continue;
      }
      if (large) await storeLarge(mail, large.partsDir);
      else {
        items.push(...emailItems(mail, { version }));
        bytes += message.raw?.length ?? 0;
        if (items.length >= BATCH_MESSAGES || bytes >= BATCH_BYTES) await flush();
      }
    }
    await flush();
    return counts;
  } catch (error) {
    if (error instanceof MboxError) throw new NotMailError(`${fileName}: ${error.message}`);
    throw error;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
