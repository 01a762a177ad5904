import { NAME_MAX } from '@easio/shared';

/**
 * A client's file name as a desk item's name: C0 controls and DEL (NUL cannot be stored) are dropped,
 * the rest is kept verbatim (it is only ever shown as text and never used as a path), capped in length.
 */
export function itemNameFromFileName(fileName: string | undefined): string {
  const cleaned = withoutControlCharacters(fileName ?? '').trim();
  return cleaned.slice(0, NAME_MAX) || 'Untitled file';
}

/** The text without C0 control characters and DEL. */
export function withoutControlCharacters(text: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point.
  return text.replace(/[\u0000-\u001f\u007f]/g, '');
}
