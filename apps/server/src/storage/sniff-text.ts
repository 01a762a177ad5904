/**
 * Text type decisions once the bytes are known to be UTF-8 text. Content decides HTML, e-mail and
 * calendars; the client's file name only picks among plain-text subtypes (markdown, csv, json), never
 * anything else.
 */

const HTML_START = /^<(!doctype\s+html|html)[\s>]/i;
/** An iCalendar file (RFC 5545) starts with this line, whatever it is named. */
const CALENDAR_START = /^BEGIN:VCALENDAR\r?\n/i;
const MAIL_HEADER = /^([\x21-\x39\x3b-\x7e]+):/;
/** Header names that, two of them together at the very start, make a text an RFC 822 message. */
const MAIL_HEADER_NAMES = new Set([
  'from',
  'to',
  'subject',
  'date',
  'received',
  'return-path',
  'mime-version',
  'message-id',
  'delivered-to',
]);

/**
 * The head as text, or null when it is not text: invalid UTF-8, or bytes that never occur in text (NUL
 * and the C0 controls other than tab, LF, VT… as in the WHATWG MIME Sniffing "binary data byte" set).
 * A head cut at the sniff limit may end inside a UTF-8 sequence; that is allowed.
 */
export function decodeText(bytes: Uint8Array, truncated: boolean): string | null {
  for (const byte of bytes) {
    if (byte <= 0x08 || byte === 0x0b || (byte >= 0x0e && byte <= 0x1a) || (byte >= 0x1c && byte <= 0x1f)) {
      return null;
    }
  }
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes, { stream: truncated });
  } catch {
    return null;
  }
}

export function textMimeType(text: string, nameHint: string | undefined, truncated: boolean): string {
  if (looksLikeHtml(text)) return 'text/html';
  if (looksLikeMail(text, truncated)) return 'message/rfc822';
  if (CALENDAR_START.test(text.replace(/^\uFEFF/, '').trimStart())) return 'text/calendar';
  switch (extensionOf(nameHint)) {
    case 'md':
    case 'markdown':
      return 'text/markdown';
    case 'csv':
      return 'text/csv';
    case 'json':
      return looksLikeJson(text, truncated) ? 'application/json' : 'text/plain';
    default:
      return 'text/plain';
  }
}

/** `<!doctype html` or `<html` as the first thing after whitespace and comments. */
function looksLikeHtml(text: string): boolean {
  let rest = text.trimStart();
  while (rest.startsWith('<!--')) {
    const end = rest.indexOf('-->');
    if (end === -1) return false;
    rest = rest.slice(end + 3).trimStart();
  }
  return HTML_START.test(rest);
}

/**
 * Only header lines (or their folded continuations) up to the first blank line, starting on the first
 * line, and at least two distinct well-known header names among them.
 */
function looksLikeMail(text: string, truncated: boolean): boolean {
  const blank = text.search(/\r?\n\r?\n/);
  const block = blank === -1 ? text : text.slice(0, blank);
  const lines = block.split(/\r?\n/);
  // Without a blank line in a cut-off head, the last line may be a header cut in half.
  if (blank === -1 && truncated) lines.pop();
  const known = new Set<string>();
  for (const [index, line] of lines.entries()) {
    if (index > 0 && (line.startsWith(' ') || line.startsWith('\t'))) continue;
    const name = MAIL_HEADER.exec(line)?.[1]?.toLowerCase();
    if (name === undefined) return false;
    if (MAIL_HEADER_NAMES.has(name)) known.add(name);
  }
  return known.size >= 2;
}

/** A whole head must parse; a cut-off one must at least open an object or array. */
function looksLikeJson(text: string, truncated: boolean): boolean {
  if (truncated) return /^\s*[[{]/.test(text);
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

function extensionOf(name: string | undefined): string | undefined {
  const dot = name?.lastIndexOf('.') ?? -1;
  return name && dot > 0 ? name.slice(dot + 1).toLowerCase() : undefined;
}
