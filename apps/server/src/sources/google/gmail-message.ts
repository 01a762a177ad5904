import { convert } from 'html-to-text';
import { z } from 'zod';

const partSchema: z.ZodType<GmailPart> = z.lazy(() =>
  z.object({
    partId: z.string().optional(),
    mimeType: z.string().default('application/octet-stream'),
    filename: z.string().optional(),
    headers: z.array(z.object({ name: z.string(), value: z.string() })).optional(),
    body: z
      .object({
        size: z.number().optional(),
        data: z.string().optional(),
        attachmentId: z.string().optional(),
      })
      .optional(),
    parts: z.array(partSchema).optional(),
  }),
);

export interface GmailPart {
  partId?: string;
  mimeType: string;
  filename?: string;
  headers?: { name: string; value: string }[];
  body?: { size?: number; data?: string; attachmentId?: string };
  parts?: GmailPart[];
}

export const gmailMessageSchema = z.object({
  id: z.string().min(1),
  threadId: z.string().optional(),
  labelIds: z.array(z.string()).default([]),
  historyId: z.string().optional(),
  internalDate: z.string().optional(),
  snippet: z.string().optional(),
  payload: partSchema.optional(),
});
export type GmailMessage = z.infer<typeof gmailMessageSchema>;

export interface MailAttachment {
  partId: string;
  filename: string;
  mimeType: string;
  size: number;
  /** Fetched separately (`messages.attachments.get`) when the part does not carry its bytes. */
  attachmentId: string | null;
  inlineData: string | null;
}

export interface ParsedMail {
  from: string;
  to: string;
  cc: string;
  subject: string;
  date: string;
  messageId: string;
  text: string;
  attachments: MailAttachment[];
}

const MAX_BODY_CHARS = 200_000;

/** Base64url (Gmail's encoding of part bodies) as text in the part's charset, UTF-8 when unknown. */
export function decodeBody(data: string, contentType = ''): string {
  const bytes = Buffer.from(data, 'base64url');
  const charset = /charset="?([^";\s]+)"?/i.exec(contentType)?.[1]?.toLowerCase() ?? 'utf-8';
  try {
    return new TextDecoder(charset).decode(bytes);
  } catch {
    return new TextDecoder('utf-8').decode(bytes);
  }
}

/** Plain text of an HTML body (html-to-text: scripts and styles dropped, entities decoded, links kept as text). */
export function htmlToText(html: string): string {
  return convert(html, {
    wordwrap: false,
    selectors: [
      { selector: 'a', options: { ignoreHref: true } },
      { selector: 'img', format: 'skip' },
    ],
  }).trim();
}

const header = (part: GmailPart | undefined, name: string) =>
  part?.headers?.find((h) => h.name.toLowerCase() === name.toLowerCase())?.value ?? '';

/**
 * A Gmail message (`format=full`) as an e-mail: its headers, its text (the plain part, else the HTML
 * part as text) and its attachments (parts with a file name), wherever they sit in the part tree.
 */
export function parseGmailMessage(message: GmailMessage): ParsedMail {
  let plain: string | null = null;
  let html: string | null = null;
  const attachments: MailAttachment[] = [];
  const walk = (part: GmailPart, depth: number) => {
    if (depth > 20) return;
    if (part.filename) {
      attachments.push({
        partId: part.partId ?? String(attachments.length),
        filename: part.filename,
        mimeType: part.mimeType,
        size: part.body?.size ?? 0,
        attachmentId: part.body?.attachmentId ?? null,
        inlineData: part.body?.data ?? null,
      });
      return;
    }
    const data = part.body?.data;
    if (data && part.mimeType === 'text/plain' && plain === null)
      plain = decodeBody(data, header(part, 'Content-Type'));
    if (data && part.mimeType === 'text/html' && html === null)
      html = decodeBody(data, header(part, 'Content-Type'));
    for (const child of part.parts ?? []) walk(child, depth + 1);
  };
  if (message.payload) walk(message.payload, 0);
  const root = message.payload;
  const text = (plain ?? (html !== null ? htmlToText(html) : (message.snippet ?? ''))).slice(
    0,
    MAX_BODY_CHARS,
  );
  return {
    from: header(root, 'From'),
    to: header(root, 'To'),
    cc: header(root, 'Cc'),
    subject: header(root, 'Subject'),
    date: header(root, 'Date'),
    messageId: header(root, 'Message-ID'),
    text,
    attachments,
  };
}
