import { MIME_DOCX, MIME_ODT } from '@easio/shared';
import { checkOfficeUnpack } from '../../processing/office-unpack.js';
import { MAX_DOCUMENT_HTML_CHARS, sanitizeDocumentHtml } from './document-html.js';
import { docxToHtml } from './docx-html.js';
import { markdownToHtml } from './markdown-html.js';
import { odtToHtml } from './odt-html.js';
import { type SheetPreview, sheetTable } from './sheet-table.js';
import { decodeText } from './text-preview.js';

/** The reason a file that is not what it says is refused with; render-preview words it per kind. */
export const NOT_WHAT_IT_SAYS = 'The file is damaged or not what its name says';

const isZip = (bytes: Buffer) => bytes[0] === 0x50 && bytes[1] === 0x4b;

export type RenderedDocument =
  | { kind: 'html'; html: string; truncated: boolean }
  | ({ kind: 'table' } & SheetPreview);

/** Sanitised HTML at most MAX_DOCUMENT_HTML_CHARS long, cut before a tag (then closed) when longer. */
function capped(html: string): { html: string; truncated: boolean } {
  const safe = sanitizeDocumentHtml(html);
  if (safe.length <= MAX_DOCUMENT_HTML_CHARS) return { html: safe, truncated: false };
  const head = safe.slice(0, MAX_DOCUMENT_HTML_CHARS);
  const cut = head.lastIndexOf('<');
  return { html: sanitizeDocumentHtml(head.slice(0, cut > 0 ? cut : head.length)), truncated: true };
}

/**
 * A document or spreadsheet's preview, parsed in a sandbox worker (see preview-tasks.ts): Word and
 * OpenDocument texts and Markdown as sanitised HTML, spreadsheets and CSV as tables. An office file
 * (a ZIP) is proven to unpack within bounds before its parser inflates it.
 */
export async function renderDocument(input: {
  bytes: Buffer;
  mimeType: string;
  format: 'document' | 'table';
}): Promise<RenderedDocument> {
  const { bytes, mimeType: mime, format } = input;
  if (format === 'table') {
    if (mime.startsWith('text/'))
      return { kind: 'table', ...(await sheetTable({ text: decodeText(bytes) })) };
    if (isZip(bytes)) await checkOfficeUnpack(bytes, NOT_WHAT_IT_SAYS);
    return { kind: 'table', ...(await sheetTable({ bytes })) };
  }
  if (mime === MIME_DOCX || mime === MIME_ODT) await checkOfficeUnpack(bytes, NOT_WHAT_IT_SAYS);
  const html =
    mime === MIME_DOCX
      ? await docxToHtml(bytes)
      : mime === MIME_ODT
        ? await odtToHtml(bytes)
        : await markdownToHtml(decodeText(bytes));
  return { kind: 'html', ...capped(html) };
}
