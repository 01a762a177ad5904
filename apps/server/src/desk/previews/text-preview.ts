import { PREVIEW_MAX_TEXT_CHARS } from '@easio/shared';

/** Bytes read for a text preview: four per character at most, and a BOM. */
export const TEXT_PREVIEW_BYTES = PREVIEW_MAX_TEXT_CHARS * 4 + 4;

/**
 * The first bytes of a text file as text: UTF-8 (a BOM dropped), or UTF-16 when its BOM says so;
 * invalid bytes become U+FFFD. Cut at PREVIEW_MAX_TEXT_CHARS (never in half a surrogate pair);
 * `truncated` when the file holds more than what is answered.
 */
export function textOfHead(head: Buffer, fileSize: number): { text: string; truncated: boolean } {
  let text = decodeText(head);
  let truncated = fileSize > head.length;
  // A head cut inside a character ends in a replacement character that is not in the file.
  text = text.replaceAll('\u0000', '').replace(truncated ? /\uFFFD$/ : /$^/, '');
  if (text.length > PREVIEW_MAX_TEXT_CHARS) {
    const cut = /[\uD800-\uDBFF]/.test(text.charAt(PREVIEW_MAX_TEXT_CHARS - 1))
      ? PREVIEW_MAX_TEXT_CHARS - 1
      : PREVIEW_MAX_TEXT_CHARS;
    text = text.slice(0, cut);
    truncated = true;
  }
  return { text, truncated };
}

/** Bytes as text: UTF-8 (a BOM dropped), or UTF-16 when its BOM says so; invalid bytes become U+FFFD. */
export function decodeText(bytes: Buffer): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes);
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes);
  return new TextDecoder('utf-8').decode(bytes);
}
