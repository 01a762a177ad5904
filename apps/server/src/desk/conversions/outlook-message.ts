import msgreader, { type FieldsData } from '@kenjiuno/msgreader';
import { sanitizeMailHtml } from '../../intake/mail-html.js';
import {
  byContentId,
  inlinePictures,
  isFile,
  MAX_TEXT_CHARS,
  type ParsedEmail,
  type PartFacts,
  validDate,
} from '../../sources/mail/mail-message.js';

// A CommonJS module: Node hands its exports object (the class under `default`), bundlers the class.
const loaded: unknown = msgreader;
const MsgReader = (typeof loaded === 'function' ? loaded : msgreader.default) as typeof msgreader.default;

const person = (name: string | undefined, address: string | undefined) => {
  const n = (name ?? '').trim();
  const a = (address ?? '').trim();
  if (n && a && n !== a) return `${n} <${a}>`;
  return a || n;
};

const dateOf = (value: string | undefined) => (value ? validDate(new Date(value)) : null);

interface OutlookPart extends PartFacts {
  index: number;
}

/**
 * An Outlook message file (`.msg`, a compound file) as the desk keeps an e-mail: the same fields as a
 * parsed RFC 822 message, its HTML body sanitised the same way (pictures it shows by content id carried
 * in it when small), its attachments as bytes. Throws when the file is not a readable Outlook message.
 */
export async function parseOutlookMessage(bytes: Buffer): Promise<ParsedEmail> {
  const reader = new MsgReader(
    bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer,
  );
  const data: FieldsData = reader.getFileData();
  if (data.error) throw new Error(data.error);
  const recipients = (type: 'to' | 'cc') =>
    (data.recipients ?? [])
      .filter((r) => (r.recipType ?? 'to') === type)
      .map((r) => person(r.name, r.smtpAddress ?? r.email))
      .filter(Boolean)
      .join(', ');
  const attachments = (data.attachments ?? []).map((a, index) => ({ a, index }));
  const parts: OutlookPart[] = attachments.map(({ a, index }) => ({
    index,
    filename: a.fileName ?? a.fileNameShort ?? '',
    contentType: (a.attachMimeTag ?? 'application/octet-stream').toLowerCase(),
    size: a.contentLength ?? 0,
    cid: a.pidContentId,
    related: a.attachmentHidden === true,
    contentDisposition: a.attachmentHidden ? 'inline' : 'attachment',
  }));
  const contents = new Map<number, Buffer>();
  const contentOf = (part: OutlookPart): Buffer => {
    let content = contents.get(part.index);
    if (!content) {
      const found = attachments[part.index];
      content = found ? Buffer.from(reader.getAttachment(found.a).content) : Buffer.alloc(0);
      contents.set(part.index, content);
    }
    return content;
  };
  const rawHtml = data.bodyHtml ?? (data.html ? new TextDecoder('utf-8').decode(data.html) : '');
  return {
    subject: (data.subject ?? '').trim(),
    from: person(data.senderName, data.senderSmtpAddress ?? data.senderEmail),
    to: recipients('to'),
    cc: recipients('cc'),
    date: dateOf(data.messageDeliveryTime) ?? dateOf(data.clientSubmitTime) ?? dateOf(data.creationTime),
    messageId: (data.messageId ?? '').trim().replace(/^<|>$/g, ''),
    text: (data.body ?? '').slice(0, MAX_TEXT_CHARS).replaceAll('\u0000', ''),
    ...(await withBody(rawHtml, parts, contentOf)),
  };
}

/** The sanitised HTML body and the attached files, the pictures the body shows left out of the files. */
async function withBody(
  rawHtml: string,
  parts: OutlookPart[],
  contentOf: (part: OutlookPart) => Buffer,
): Promise<Pick<ParsedEmail, 'html' | 'attachments'>> {
  const html = rawHtml.trim() ? rawHtml : null;
  const shown = await inlinePictures(html, parts, async (p) => contentOf(p));
  return {
    html: html ? sanitizeMailHtml(html, byContentId(shown)) : null,
    attachments: parts
      .filter((p) => isFile(p, shown.has(p)))
      .map((p, i) => {
        const content = contentOf(p);
        return {
          filename: p.filename || `attachment-${i + 1}`,
          mimeType: p.contentType,
          size: content.length,
          content,
        };
      }),
  };
}
