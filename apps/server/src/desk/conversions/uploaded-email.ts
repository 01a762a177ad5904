import { rm } from 'node:fs/promises';
import { readBlob } from '../../processing/read-blob.js';
import { processingSandbox } from '../../sandbox/default-sandbox.js';
import { taskModule } from '../../sandbox/sandbox.js';
import type { ParsedEmail } from '../../sources/mail/mail-message.js';
import { parseLargeMessage } from '../../sources/mail/mail-message-stream.js';
import type { BlobStore } from '../../storage/blob-store.js';
import { makeTempFolder } from '../../storage/temp-files.js';
import type { tasks } from './mail-tasks.js';

const MAIL_TASKS = taskModule<typeof tasks>(new URL('./mail-tasks.js', import.meta.url));
/**
 * The upload waits for its conversion: a message read in memory takes a second or two, and mailparser
 * never finishes some (one of a thousand parts), so it is given up after this long.
 */
const MAIL_TIMEOUT_MS = 20_000;

/**
 * A message read whole in a sandbox worker (mailparser or msgreader on a file of tens of megabytes is
 * the same hostile input as any other parser's), its attachments' bytes back as Buffers.
 */
async function parsedInSandbox(format: 'rfc822' | 'outlook', bytes: Buffer): Promise<ParsedEmail> {
  const mail = await processingSandbox().run(MAIL_TASKS, format, { bytes }, { timeoutMs: MAIL_TIMEOUT_MS });
  return {
    ...mail,
    attachments: mail.attachments.map((a) => ({
      ...a,
      content: Buffer.from(a.content.buffer, a.content.byteOffset, a.content.byteLength),
    })),
  };
}

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
 * An uploaded message file read as the mail import reads one: RFC 822 (`.eml`) by mailparser, in a
 * sandbox worker or streamed to files when large, Outlook (`.msg`) by msgreader in a sandbox worker. Null
 * when it is not an e-mail after all; a file that overruns its worker throws SandboxFailure.
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
    const mail = await parsedInSandbox('outlook', await readBlob(blobs, blob.key, MAX_OUTLOOK_BYTES));
    return looksLikeMail(mail) ? { mail, done: nothing } : null;
  }
  if (blob.size <= IN_MEMORY_BYTES) {
    const mail = await parsedInSandbox('rfc822', await readBlob(blobs, blob.key, IN_MEMORY_BYTES));
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
