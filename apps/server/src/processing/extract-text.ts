import type { AddressObject } from 'mailparser';
import { intakeText, TEXT_MAX } from '../intake/text.js';
// The parsers load on first use, so an idle server does not hold them.
import { baseMimeType, DOCX, PDF } from './mime.js';
import { checkOfficeUnpack } from './office-unpack.js';
import { withPdf } from './pdf.js';

/** Extracted text is cut here (characters): plenty for search, and a row stays a sensible size. */
export const MAX_TEXT_CHARS = TEXT_MAX;

const PLAIN_TYPES = new Set([
  'text/plain',
  'text/markdown',
  'text/x-markdown',
  'text/csv',
  'text/calendar',
  'application/json',
]);
const HTML_TYPES = new Set(['text/html', 'application/xhtml+xml']);

/** UTF-8 (a BOM is dropped), or UTF-16 when a BOM says so; invalid bytes become U+FFFD. */
function decodeText(bytes: Buffer): string {
  // Four bytes per character at most: decoding more than that could only be cut off afterwards.
  const head = bytes.subarray(0, MAX_TEXT_CHARS * 4 + 4);
  if (head[0] === 0xff && head[1] === 0xfe) return new TextDecoder('utf-16le').decode(head);
  if (head[0] === 0xfe && head[1] === 0xff) return new TextDecoder('utf-16be').decode(head);
  return new TextDecoder('utf-8').decode(head);
}

/**
 * An HTML document's text as a reader sees it: blocks on their own lines, no link addresses or pictures.
 * `base`: the first element matching one of these selectors (in their order) is read, else the whole
 * document; `skip`: elements left out.
 */
export async function htmlToPlainText(
  html: string,
  only: { base?: string[]; skip?: string[] } = {},
): Promise<string> {
  const { convert: htmlToText } = await import('html-to-text');
  return htmlToText(html, {
    wordwrap: false,
    ...(only.base && {
      baseElements: { selectors: only.base, orderBy: 'selectors', returnDomByDefault: true },
      limits: { maxBaseElements: 1 },
    }),
    selectors: [
      { selector: 'a', options: { ignoreHref: true } },
      { selector: 'img', format: 'skip' },
      ...['h1', 'h2', 'h3', 'h4', 'h5', 'h6'].map((selector) => ({
        selector,
        options: { uppercase: false },
      })),
      ...(only.skip ?? []).map((selector) => ({ selector, format: 'skip' })),
    ],
  });
}

/** Each page's own text (its text layer), in order. */
export async function pdfPageTexts(bytes: Buffer): Promise<string[]> {
  const { extractText: pdfText } = await import('unpdf');
  return withPdf(bytes, async (pdf) => (await pdfText(pdf, { mergePages: false })).text);
}

/** Pages' texts as one, the way unpdf merges them: a line between pages, spaces collapsed. */
export function joinPdfPages(pages: string[]): string {
  return pages
    .join('\n')
    .replace(/[^\S\n]+/g, ' ')
    .replace(/ ?\n ?/g, '\n')
    .replace(/\n{3,}/g, '\n\n');
}

async function fromPdf(bytes: Buffer): Promise<string> {
  return joinPdfPages(await pdfPageTexts(bytes));
}

const NOT_A_DOCX = 'The Word document could not be read: it is not a valid .docx file';

async function fromDocx(bytes: Buffer): Promise<string> {
  await checkOfficeUnpack(bytes, NOT_A_DOCX);
  try {
    const { default: mammoth } = await import('mammoth');
    return (await mammoth.extractRawText({ buffer: bytes })).value;
  } catch {
    // Its reasons ("Can't find end of central directory…") say nothing useful to the user.
    throw new Error(NOT_A_DOCX);
  }
}

function addresses(value: AddressObject | AddressObject[] | undefined): string | undefined {
  if (!value) return undefined;
  return (Array.isArray(value) ? value : [value]).map((a) => a.text).join(', ');
}

async function fromEmail(bytes: Buffer): Promise<string> {
  const { simpleParser } = await import('mailparser');
  const mail = await simpleParser(bytes, { skipImageLinks: true, skipTextLinks: true, skipTextToHtml: true });
  const headers: [string, string | undefined][] = [
    ['Subject', mail.subject],
    ['From', addresses(mail.from)],
    ['To', addresses(mail.to)],
    ['Cc', addresses(mail.cc)],
    ['Date', mail.date?.toISOString()],
  ];
  const lines = headers.flatMap(([name, value]) => (value ? [`${name}: ${value}`] : []));
  // mailparser derives `text` from the HTML part when the message has no plain one.
  return `${lines.join('\n')}\n\n${mail.text ?? ''}`;
}

const EXTRACTORS: [(type: string) => boolean, (bytes: Buffer) => Promise<string> | string][] = [
  [(type) => type === PDF, fromPdf],
  [(type) => type === DOCX, fromDocx],
  [(type) => PLAIN_TYPES.has(type), decodeText],
  [(type) => HTML_TYPES.has(type), (bytes) => htmlToPlainText(decodeText(bytes))],
  [(type) => type === 'message/rfc822', fromEmail],
];

/** Text as an item keeps it: at most MAX_TEXT_CHARS, storable (the intake rule every way in uses). */
export function tidy(text: string): string {
  // NULs out first, so a text full of them still keeps as many characters as the cap allows.
  return intakeText(text.replaceAll('\u0000', '')) ?? '';
}

function extractorFor(mimeType: string) {
  const type = baseMimeType(mimeType);
  return EXTRACTORS.find(([accepts]) => accepts(type))?.[1];
}

/** Plain text (text, Markdown, CSV, JSON, calendars): only decoded, its bytes bounded, nothing unpacked. */
export function isPlainText(mimeType: string): boolean {
  return PLAIN_TYPES.has(baseMimeType(mimeType));
}

/** Whether extractText reads files of this type. */
export function extractsText(mimeType: string): boolean {
  return extractorFor(mimeType) !== undefined;
}

/**
 * The searchable text of a file: PDF, Word (.docx), plain text, Markdown, CSV, JSON, HTML and e-mail
 * (.eml); null for other types. Throws, with a reason fit to show the user, when such a file is
 * damaged.
 */
export async function extractText(bytes: Buffer, mimeType: string): Promise<string | null> {
  const extractor = extractorFor(mimeType);
  return extractor ? tidy(await extractor(bytes)) : null;
}

/** A PDF's text (as extractText answers it) and each page's own, in order. */
export async function extractPdf(bytes: Buffer): Promise<{ text: string; pages: string[] }> {
  const pages = await pdfPageTexts(bytes);
  return { text: tidy(joinPdfPages(pages)), pages };
}
