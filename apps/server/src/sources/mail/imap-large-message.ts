import type { Readable } from 'node:stream';
import type { FetchMessageObject, ImapFlow, MessageAddressObject, MessageStructureObject } from 'imapflow';
import { sanitizeMailHtml } from '../../intake/mail-html.js';
import { htmlToText } from '../google/gmail-message.js';
import type { ParsedEmail } from './mail-message.js';

const MAX_TEXT_BYTES = 2 * 1024 * 1024;

export type PartDownloader = (uid: string, part: string) => Promise<Readable>;

const addresses = (list: MessageAddressObject[] | undefined) =>
  (list ?? []).map((a) => (a.name ? `${a.name} <${a.address ?? ''}>` : (a.address ?? ''))).join(', ');

function leaves(node: MessageStructureObject | undefined): MessageStructureObject[] {
  if (!node) return [];
  if (node.childNodes?.length) return node.childNodes.flatMap(leaves);
  return [{ ...node, part: node.part ?? '1' }];
}

const fileName = (p: MessageStructureObject) => p.dispositionParameters?.filename ?? p.parameters?.name ?? '';
const isAttachment = (p: MessageStructureObject) => p.disposition === 'attachment' || fileName(p) !== '';

/** A part's size once decoded: base64 carries three bytes in four characters. */
const decodedSize = (p: MessageStructureObject) =>
  p.encoding?.toLowerCase() === 'base64' ? Math.floor(((p.size ?? 0) * 3) / 4) : (p.size ?? 0);

/**
 * A message too large to download whole (it carries a file over the limit): its headers from the
 * envelope, its text parts downloaded alone, its attachments listed with their sizes and fetched one
 * by one when stored, so the one over the limit is listed as failed without being downloaded.
 */
export async function largeMessage(
  client: ImapFlow,
  message: Pick<FetchMessageObject, 'uid' | 'envelope' | 'bodyStructure'>,
  /** How an attachment's bytes are fetched when it is stored (by default on this connection). */
  downloadPart: PartDownloader = async (uid, part) =>
    (await client.download(uid, part, { uid: true })).content,
): Promise<ParsedEmail> {
  const uid = String(message.uid);
  const parts = leaves(message.bodyStructure);
  const read = async (part: string) => {
    const { content } = await client.download(uid, part, { uid: true, maxBytes: MAX_TEXT_BYTES });
    const chunks: Buffer[] = [];
    for await (const chunk of content) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  };
  const plain = parts.find((p) => p.type === 'text/plain' && !isAttachment(p));
  const html = parts.find((p) => p.type === 'text/html' && !isAttachment(p));
  const htmlText = html?.part ? await read(html.part) : null;
  const text = plain?.part ? await read(plain.part) : htmlText ? htmlToText(htmlText) : '';
  const envelope = message.envelope;
  const date = envelope?.date ? new Date(envelope.date) : null;
  return {
    from: addresses(envelope?.from),
    to: addresses(envelope?.to),
    cc: addresses(envelope?.cc),
    subject: envelope?.subject?.trim() ?? '',
    date: date && !Number.isNaN(date.getTime()) ? date : null,
    messageId: (envelope?.messageId ?? '').trim().replace(/^<|>$/g, ''),
    text,
    html: htmlText ? sanitizeMailHtml(htmlText) : null,
    attachments: parts.filter(isAttachment).map((p, index) => ({
      filename: fileName(p) || `attachment-${index + 1}`,
      mimeType: p.type || 'application/octet-stream',
      size: decodedSize(p),
      content: () => downloadPart(uid, p.part ?? '1'),
    })),
  };
}
