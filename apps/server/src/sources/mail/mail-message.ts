import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import type { AddressObject, Attachment } from 'mailparser';
import type { ImportedItem } from '../source.js';
import { sanitizeMailHtml } from './mail-html.js';

/** An e-mail's body text kept at most this long (characters). */
const MAX_TEXT_CHARS = 200_000;

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
function addressText(value: AddressObject | AddressObject[] | undefined): string {
  const list = (Array.isArray(value) ? value : value ? [value] : []).flatMap((a) => a.value);
  const flat = list.flatMap((a) => (a.group ? a.group : [a]));
  return flat
    .map((a) => (a.name ? `${a.name} <${a.address ?? ''}>` : (a.address ?? '')))
    .filter(Boolean)
    .join(', ');
}

const validDate = (date: Date | undefined | null): Date | null =>
  date && !Number.isNaN(date.getTime()) ? date : null;

/** The parts a reader would call attached files: named, or not text/HTML shown in the body. */
const isFile = (a: Attachment) => a.contentDisposition === 'attachment' || Boolean(a.filename) || !a.related;

/**
 * A raw message (RFC 5322 bytes) parsed with mailparser: encoded words, nested multiparts, quoted-printable
 * and base64 bodies and mislabelled charsets are its job. Attachments come decoded, as bytes.
 */
export async function parseRawMessage(raw: Buffer): Promise<ParsedEmail> {
  const { simpleParser } = await import('mailparser');
  const mail = await simpleParser(raw, { skipImageLinks: true, skipTextLinks: true, skipTextToHtml: true });
  const html = typeof mail.html === 'string' && mail.html.trim() ? sanitizeMailHtml(mail.html) : null;
  return {
    from: addressText(mail.from),
    to: addressText(mail.to),
    cc: addressText(mail.cc),
    subject: (mail.subject ?? '').trim(),
    date: validDate(mail.date),
    messageId: (mail.messageId ?? '').trim().replace(/^<|>$/g, ''),
    text: (mail.text ?? '').slice(0, MAX_TEXT_CHARS).replaceAll('\u0000', ''),
    html,
    attachments: mail.attachments.filter(isFile).map((a, index) => ({
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

function attachmentItems(mail: ParsedEmail, externalId: string, options: EmailItemOptions): ImportedItem[] {
  return mail.attachments.map((a, index) => ({
    externalId: `${externalId}#${index + 1}`,
    dataType: 'file_object' as const,
    name: a.filename,
    mimeType: a.mimeType,
    size: a.size,
    metadata: { attachment: true, email_subject: mail.subject, from: mail.from, ...options.extra },
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
      metadata: {
        from: mail.from,
        to: mail.to,
        cc: mail.cc,
        subject: mail.subject,
        date: mail.date?.toISOString() ?? null,
        message_id: mail.messageId || null,
        html: mail.html,
        attachment_count: mail.attachments.length,
        ...options.extra,
      },
      sourceCreatedAt: mail.date,
      version: options.version,
      attachments: attachmentItems(mail, externalId, options),
    },
  ];
}
