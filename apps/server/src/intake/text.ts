/**
 * The longest text an item keeps (a document's, an e-mail's): as much as processing reads out of a file
 * (`processing/extract-text.ts`). Notes and url notes are held to the desk's `NOTE_MAX` instead.
 */
export const TEXT_MAX = 1_000_000;

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * Text PostgreSQL can store: without NUL (text and jsonb refuse it), and half a surrogate pair (which
 * jsonb refuses, and which is no character) replaced by U+FFFD.
 */
export function storableText(text: string): string {
  return text.replaceAll('\u0000', '').replace(LONE_SURROGATE, '\uFFFD');
}

/** At most `max` characters, never ending in half a surrogate pair. */
export function cutText(text: string, max: number): string {
  if (text.length <= max) return text;
  const last = text.charCodeAt(max - 1);
  return text.slice(0, last >= 0xd800 && last <= 0xdbff ? max - 1 : max);
}

/** A text field as stored: storable and at most `max` characters (null stays null). */
export function intakeText(text: string | null | undefined, max: number = TEXT_MAX): string | null {
  if (text == null) return null;
  // Cut first, so a text of megabytes is not read whole for a few thousand characters kept.
  return storableText(cutText(text, max));
}
