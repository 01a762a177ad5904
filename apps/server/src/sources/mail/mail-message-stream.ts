import { createReadStream, createWriteStream } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { type Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { AddressObject, AttachmentStream, MessageText } from 'mailparser';
import { sanitizeMailHtml } from '../../intake/mail-html.js';
import {
  addressText,
  byContentId,
  inlinePictures,
  isFile,
  MAX_TEXT_CHARS,
  type ParsedEmail,
  type PartFacts,
  validDate,
} from './mail-message.js';

/** A part as it was written out: where its bytes are, or null when it was over the limit (only counted). */
interface WrittenPart extends PartFacts {
  file: string | null;
}

/** Writes a part's bytes to `file` as they are decoded, up to `maxBytes`; answers its whole size. */
async function writePart(content: Readable, file: string, maxBytes: number): Promise<number> {
  let size = 0;
  const upToLimit = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      done(null, size <= maxBytes ? chunk : undefined);
    },
  });
  await pipeline(content, upToLimit, createWriteStream(file));
  if (size > maxBytes) await rm(file, { force: true });
  return size;
}

const header = <T>(headers: Map<string, unknown>, name: string) => headers.get(name) as T | undefined;

/**
 * A message too large to hold in memory (over the upload limit), read as it streams by mailparser's
 * streaming parser: its headers and text are kept, each attached part is written to a file in `dir` as
 * it is decoded, and a part over the limit is only counted, so that when stored it alone fails (as
 * over IMAP) and memory stays flat. The files are the caller's to remove once stored.
 */
export async function parseLargeMessage(
  input: Readable,
  maxBytes: number,
  dir: string,
): Promise<ParsedEmail> {
  const { MailParser } = await import('mailparser');
  const parser = new MailParser({ skipImageLinks: true, skipTextLinks: true, skipTextToHtml: true });
  let headers = new Map<string, unknown>();
  let text: MessageText = { type: 'text', html: false };
  const parts: WrittenPart[] = [];
  const written: Promise<void>[] = [];
  parser.on('headers', (h) => {
    headers = h;
  });
  parser.on('data', (data: AttachmentStream | MessageText) => {
    if (data.type === 'text') {
      text = data;
      return;
    }
    const file = path.join(dir, `part-${parts.length + 1}`);
    const part: WrittenPart = {
      filename: data.filename,
      contentType: data.contentType,
      size: 0,
      cid: data.cid,
      related: data.related ?? false,
      contentDisposition: data.contentDisposition,
      file,
    };
    parts.push(part);
    written.push(
      writePart(data.content as Readable, file, maxBytes)
        .then((size) => {
          part.size = size;
          if (size > maxBytes) part.file = null;
        })
        .finally(() => data.release()),
    );
  });
  await pipeline(input, parser);
  await Promise.all(written);

  const html = typeof text.html === 'string' && text.html.trim() ? text.html : null;
  const shown = await inlinePictures(html, parts, (p) => readFile(p.file ?? ''));
  const subject = header<string>(headers, 'subject') ?? '';
  return {
    from: addressText(header<AddressObject>(headers, 'from')),
    to: addressText(header<AddressObject>(headers, 'to')),
    cc: addressText(header<AddressObject>(headers, 'cc')),
    subject: subject.trim(),
    date: validDate(header<Date>(headers, 'date')),
    messageId: (header<string>(headers, 'message-id') ?? '').trim().replace(/^<|>$/g, ''),
    text: (text.text ?? '').slice(0, MAX_TEXT_CHARS).replaceAll('\u0000', ''),
    html: html ? sanitizeMailHtml(html, byContentId(shown)) : null,
    attachments: parts
      .filter((p) => isFile(p, shown.has(p)))
      .map((p, index) => {
        const file = p.file;
        return {
          filename: p.filename || `attachment-${index + 1}`,
          mimeType: p.contentType || 'application/octet-stream',
          size: p.size,
          // A part over the limit is never read: storing it fails on its size first.
          content: async () => {
            if (file === null) throw new Error('This part was larger than the limit and was not kept');
            return createReadStream(file);
          },
        };
      }),
  };
}
