import { rm } from 'node:fs/promises';
import { readBlob } from '../../processing/read-blob.js';
import type { ParsedEmail } from '../../sources/mail/mail-message.js';
import { parseRawMessage } from '../../sources/mail/mail-message.js';
import { parseLargeMessage } from '../../sources/mail/mail-message-stream.js';
import type { BlobStore } from '../../storage/blob-store.js';
import { makeTempFolder } from '../../storage/temp-files.js';
import { parseOutlookMessage } from './outlook-message.js';

/** Messages up to this size are parsed in memory; larger ones stream, their parts written to files. */
const IN_MEMORY_BYTES = 25 * 1024 * 1024;
/** Outlook files are read whole (the format needs random access); larger ones stay plain files. */
export const MAX_OUTLOOK_BYTES = 50 * 1024 * 1024;

/** Something a parser read that has nothing of an e-mail (a text file named .eml). */
export const looksLikeMail = (mail: ParsedEmail) =>
  Boolean(mail.from || mail.subject || mail.messageId || mail.date || mail.to);

export interface ReadEmail {
  mail: ParsedEmail;
  /** Removes the temporary files a large message's parts were written to, once they are stored. */
  done: () => Promise<void>;
}

/**
 * An uploaded message file read as the mail import reads one: RFC 822 (`.eml`) by mailparser, in memory
 * or streamed when large, Outlook (`.msg`) by msgreader. Null when it is not an e-mail after all.
 */
export async function readUploadedEmail(
  blobs: BlobStore,
  blob: { key: string; size: number },
  format: 'rfc822' | 'outlook',
  maxBytes: number,
): Promise<ReadEmail | null> {
  const nothing = async () => {};
  if (format === 'outlook') {
    if (blob.size > MAX_OUTLOOK_BYTES) return null;
    const mail = await parseOutlookMessage(await readBlob(blobs, blob.key, MAX_OUTLOOK_BYTES));
    return looksLikeMail(mail) ? { mail, done: nothing } : null;
  }
  if (blob.size <= IN_MEMORY_BYTES) {
    const mail = await parseRawMessage(await readBlob(blobs, blob.key, IN_MEMORY_BYTES));
    return looksLikeMail(mail) ? { mail, done: nothing } : null;
  }
  const dir = await makeTempFolder('upload-mail');
  const done = () => rm(dir, { recursive: true, force: true });
  try {
    const mail = await parseLargeMessage(await blobs.get(blob.key), maxBytes, dir);
    if (looksLikeMail(mail)) return { mail, done };
  } catch (error) {
    await done();
    throw error;
  }
  await done();
  return null;
}
