import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import type { AddressObject, Attachment } from 'mailparser';
import { sanitizeMailHtml } from '../../intake/mail-html.js';
import type { ImportedItem } from '../source.js';

/** An e-mail's body text kept at most this long (characters). */
export const MAX_TEXT_CHARS = 200_000;

export interface MailAttachmentPart {
  filename: string;
  mimeType: string;
  size: number;
  /** The decoded bytes (parsed messages), or a way to fetch them (a large IMAP message's part). */
  content: Buffer | (() => Promise<Readable>);
}

/** One e-mail as the desk keeps it. */
export interface ParsedEmail {
  from: string;
  to: string;
  cc: string;
  subject: string;
  /** When it was sent, when the Date header makes sense. */
  date: Date | null;
  /** The Message-ID without its angle brackets; '' when the message has none. */
  messageId: string;
  text: string;
  /** The HTML body, sanitised; null when it has none. */
  html: string | null;
  attachments: MailAttachmentPart[];
}

/** Addresses as people write them: `Name <address>`, groups flattened, without mailparser's quotes. */
export function addressText(value: AddressObject | AddressObject[] | undefined): string {
  const list = (Array.isArray(value) ? value : value ? [value] : []).flatMap((a) => a.value);
  const flat = list.flatMap((a) => (a.group ? a.group : [a]));
  return flat
    .map((a) => (a.name ? `${a.name} <${a.address ?? ''}>` : (a.address ?? '')))
    .filter(Boolean)
    .join(', ');
}

export const validDate = (date: Date | undefined | null): Date | null =>
  date && !Number.isNaN(date.getTime()) ? date : null;

/** What mailparser tells of a part it does not show as text, however it was read. */
export type PartFacts = Pick<
  Attachment,
  'filename' | 'contentType' | 'size' | 'cid' | 'related' | 'contentDisposition'
>;

/**
 * A picture the body shows (`cid:`) is carried in it when this small, up to this much in all: signatures
 * and newsletter pictures fit, and the HTML (which listings carry in the item's metadata) stays small.
 */
const INLINE_PICTURE_BYTES = 100 * 1024;
const INLINE_PICTURES_TOTAL = 300 * 1024;
const INLINE_TYPES = /^image\/(png|jpeg|gif|webp)$/i;

/**
 * The pictures the HTML body shows by content id (`<img src="cid:…">`: signatures, newsletters) that
 * are small enough to carry in it, each as a `data:` URL, by part. Larger ones stay attached files.
 */
export async function inlinePictures<P extends PartFacts>(
  html: string | null | false | undefined,
  parts: P[],
  bytesOf: (part: P) => Promise<Buffer>,
): Promise<Map<P, string>> {
  const shown = new Map<P, string>();
  if (!html) return shown;
  const cids = new Set([...html.matchAll(/\bcid:([^'"\s>)]{1,256})/gi)].map((m) => m[1] as string));
  let total = 0;
  for (const part of parts) {
    if (!part.cid || !cids.has(part.cid) || !INLINE_TYPES.test(part.contentType)) continue;
    if (part.size > INLINE_PICTURE_BYTES || total + part.size > INLINE_PICTURES_TOTAL) continue;
    total += part.size;
    shown.set(
      part,
      `data:${part.contentType.toLowerCase()};base64,${(await bytesOf(part)).toString('base64')}`,
    );
  }
  return shown;
}

/** The content ids of the pictures carried in the body, with their `data:` URLs (for `sanitizeMailHtml`). */
export const byContentId = (shown: Map<PartFacts, string>) =>
  new Map([...shown].map(([part, url]) => [part.cid ?? '', url]));

/**
 * The parts a reader would call attached files: sent as attachments, named, or not part of the body;
 * a picture the body carries (`inlinePictures`) is none, unless it was also sent as an attachment.
 */
export const isFile = (a: PartFacts, inBody: boolean) =>
  a.contentDisposition === 'attachment' || (!inBody && (Boolean(a.filename) || !a.related));

/**
 * A raw message (RFC 5322 bytes) parsed with mailparser: encoded words, nested multiparts, quoted-printable
 * and base64 bodies and mislabelled charsets are its job. Attachments come decoded, as bytes.
 */
export async function parseRawMessage(raw: Buffer): Promise<ParsedEmail> {
  const { simpleParser } = await import('mailparser');
  // Pictures are carried into the body here rather than by mailparser, which would take any size.
  const mail = await simpleParser(raw, { skipImageLinks: true, skipTextLinks: true, skipTextToHtml: true });
  const shown = await inlinePictures(mail.html, mail.attachments, async (a) => a.content);
  const html =
    typeof mail.html === 'string' && mail.html.trim()
      ? sanitizeMailHtml(mail.html, byContentId(shown))
      : null;
  return {
    from: addressText(mail.from),
    to: addressText(mail.to),
    cc: addressText(mail.cc),
    subject: (mail.subject ?? '').trim(),
    date: validDate(mail.date),
    messageId: (mail.messageId ?? '').trim().replace(/^<|>$/g, ''),
    text: (mail.text ?? '').slice(0, MAX_TEXT_CHARS).replaceAll('\u0000', ''),
    html,
    attachments: mail.attachments
      .filter((a) => isFile(a, shown.has(a)))
      .map((a, index) => ({
        filename: a.filename || `attachment-${index + 1}`,
        mimeType: a.contentType || 'application/octet-stream',
        size: a.size,
        content: a.content,
      })),
  };
}

/**
 * The key that makes a message the same message wherever it comes from (an IMAP folder, an mbox, an
 * .eml): its Message-ID, or when it has none, a hash of what identifies it.
 */
export function mailExternalId(mail: Pick<ParsedEmail, 'messageId' | 'from' | 'subject' | 'date' | 'text'>) {
  if (mail.messageId) return `mail:${mail.messageId.toLowerCase()}`;
  const hash = createHash('sha256')
    .update([mail.from, mail.subject, mail.date?.toISOString() ?? '', mail.text.slice(0, 2000)].join('\n'))
    .digest('hex')
    .slice(0, 32);
  return `mail:hash:${hash}`;
}

export interface EmailItemOptions {
  /** Changes when the stored item should be rewritten (where the message now sits). */
  version: string;
  /** Metadata every item of the message carries (which folder, for the deletion check). */
  extra?: Record<string, unknown>;
  /** Only the attachments, each a desk item of its own (the import rule "attachments only"). */
  attachmentsOnly?: boolean;
}

/** What an e-mail item keeps of its message, however it arrived (imported or uploaded). */
export function emailMetadata(mail: ParsedEmail) {
  return {
    from: mail.from,
    to: mail.to,
    cc: mail.cc,
    subject: mail.subject,
    date: mail.date?.toISOString() ?? null,
    message_id: mail.messageId || null,
    html: mail.html,
    attachment_count: mail.attachments.length,
  };
}

/** What an attachment's file item keeps of the e-mail it came with. */
export const attachmentMetadata = (mail: ParsedEmail) => ({
  attachment: true,
  email_subject: mail.subject,
  from: mail.from,
});

function attachmentItems(mail: ParsedEmail, externalId: string, options: EmailItemOptions): ImportedItem[] {
  return mail.attachments.map((a, index) => ({
    externalId: `${externalId}#${index + 1}`,
    dataType: 'file_object' as const,
    name: a.filename,
    mimeType: a.mimeType,
    size: a.size,
    metadata: { ...attachmentMetadata(mail), ...options.extra },
    sourceCreatedAt: mail.date,
    version: options.version,
    body: async () => (Buffer.isBuffer(a.content) ? Readable.from([a.content]) : a.content()),
  }));
}

/** The desk items of one e-mail: an `email_object` with its attachments as linked `file_object`s. */
export function emailItems(mail: ParsedEmail, options: EmailItemOptions): ImportedItem[] {
  const externalId = mailExternalId(mail);
  if (options.attachmentsOnly) return attachmentItems(mail, externalId, options);
  return [
    {
      externalId,
      dataType: 'email_object',
      name: mail.subject || '(no subject)',
      content: mail.text,
      metadata: { ...emailMetadata(mail), ...options.extra },
      sourceCreatedAt: mail.date,
      version: options.version,
      attachments: attachmentItems(mail, externalId, options),
    },
  ];
}
