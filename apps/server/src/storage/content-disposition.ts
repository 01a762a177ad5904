import { create } from 'content-disposition';

export type DispositionType = 'inline' | 'attachment';

const MAX_NAME_LENGTH = 200;
/** An extension longer than this is treated as part of the name when shortening. */
const MAX_EXTENSION_LENGTH = 16;
const FALLBACK_NAME = 'download';

/**
 * A `Content-Disposition` value for a user's file name: an ASCII `filename` fallback plus `filename*`
 * in UTF-8 (RFC 6266/8187), from the name made safe by safeFileName.
 */
export function contentDisposition(fileName: string | null | undefined, type: DispositionType): string {
  return create(safeFileName(fileName), { type });
}

/**
 * The file name without anything that could mislead a browser or a user: control characters (C0, DEL,
 * C1), bidi marks and overrides (which can disguise `exe.pdf` as `fdp.exe`), unpaired surrogates and path
 * separators. At most 200 characters, keeping the extension; `download` when nothing is left.
 */
export function safeFileName(fileName: string | null | undefined): string {
  const kept = Array.from(fileName ?? '').filter((char) => !isUnsafe(char.codePointAt(0) ?? 0));
  const name = shorten(kept.join('').trim());
  return /^[.\s]*$/.test(name) ? FALLBACK_NAME : name;
}

function isUnsafe(codePoint: number): boolean {
  return (
    codePoint < 0x20 ||
    (codePoint >= 0x7f && codePoint <= 0x9f) ||
    codePoint === 0x2f || // '/'
    codePoint === 0x5c || // '\'
    codePoint === 0x061c ||
    codePoint === 0x200e ||
    codePoint === 0x200f ||
    (codePoint >= 0x2028 && codePoint <= 0x202e) ||
    (codePoint >= 0x2066 && codePoint <= 0x2069) ||
    (codePoint >= 0xd800 && codePoint <= 0xdfff)
  );
}

/** Cuts by code points so no surrogate pair is split, taking the characters from before the extension. */
function shorten(name: string): string {
  const chars = Array.from(name);
  if (chars.length <= MAX_NAME_LENGTH) return name;
  const dot = chars.lastIndexOf('.');
  const extensionLength = chars.length - dot;
  const keepExtension = dot > 0 && extensionLength <= MAX_EXTENSION_LENGTH;
  if (!keepExtension) return chars.slice(0, MAX_NAME_LENGTH).join('').trim();
  const base = chars
    .slice(0, MAX_NAME_LENGTH - extensionLength)
    .join('')
    .trimEnd();
  return base + chars.slice(dot).join('');
}
