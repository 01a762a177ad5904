import { Readable } from 'node:stream';
import { HttpError } from '../../http/http-error.js';
import type { ImportedItem, SyncPage } from '../source.js';
import type { SyncRunner } from '../sync-runner.js';
import { emailItems, type ParsedEmail, parseRawMessage } from './mail-message.js';
import { MboxError, splitMbox } from './mbox.js';

/** Messages stored together; a batch is also sent once it holds this many bytes. */
const BATCH_MESSAGES = 50;
const BATCH_BYTES = 32 * 1024 * 1024;

export interface MailFileTarget {
  connectionId: string;
  runner: SyncRunner;
  maxBytes: number;
}

export interface MailFileCounts {
  messages: number;
  imported: number;
  skipped: number;
  failed: number;
}

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

/**
 * One uploaded file: an mbox archive (it starts with a "From " line) is split as it streams in and
 * stored a batch of messages at a time; anything else is read as one message (.eml). A message over
 * the limit or unreadable is listed as failed and the rest go on.
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
    const stored = await target.runner.importItems(target.connectionId, items, failed);
    counts.imported += stored.imported;
    counts.skipped += stored.skipped;
    counts.failed += stored.failed;
    items = [];
    failed = [];
    bytes = 0;
  };
  // The same message uploaded again, in this file or another, is the same item, left as it is.
  const version = 'file';
  const { head, stream } = await peek(input);
  const isMbox = head.toString('latin1').trimStart().startsWith('From ');

  if (!isMbox) {
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of stream) {
      size += (chunk as Buffer).length;
      if (size <= target.maxBytes) chunks.push(chunk as Buffer);
    }
    counts.messages = 1;
    if (size > target.maxBytes) {
      failed.push({ externalId: `file:${fileName}`, name: fileName, reason: tooLarge(target.maxBytes) });
    } else {
      const mail = await parseRawMessage(Buffer.concat(chunks));
      if (!looksLikeMail(mail))
        throw new HttpError(422, `${fileName} is not an e-mail message (.eml) or an mbox archive`);
      items.push(...emailItems(mail, { version }));
    }
    await flush();
    return counts;
  }

  try {
    for await (const message of splitMbox(stream, target.maxBytes)) {
      counts.messages += 1;
      const where = `${fileName}, message ${message.index + 1}`;
      if (message.raw === null) {
        failed.push({ externalId: `file:${where}`, name: where, reason: tooLarge(target.maxBytes) });
      } else {
        try {
          const mail = await parseRawMessage(message.raw);
          items.push(...emailItems(mail, { version }));
          bytes += message.raw.length;
        } catch (error) {
          failed.push({
            externalId: `file:${where}`,
            name: where,
            reason: `Not readable as an e-mail: ${error instanceof Error ? error.message : String(error)}`,
          });
        }
      }
      if (items.length >= BATCH_MESSAGES || bytes >= BATCH_BYTES) await flush();
    }
  } catch (error) {
    if (error instanceof MboxError) throw new HttpError(422, `${fileName}: ${error.message}`);
    throw error;
  }
  await flush();
  return counts;
}

const tooLarge = (maxBytes: number) =>
  `Larger than the ${Math.round(maxBytes / (1024 * 1024))} MB this server accepts`;
