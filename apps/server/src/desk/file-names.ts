import { intakeName } from '../intake/names.js';

/**
 * A client's file name as a desk item's name, by the intake rule for names (`intakeName`): control
 * characters dropped (NUL cannot be stored), the rest kept verbatim (it is only ever shown as text and
 * never used as a path), cut to the desk's cap.
 */
export function itemNameFromFileName(fileName: string | undefined): string {
  return intakeName(fileName ?? '', 'Untitled file');
}

/** The text without C0 control characters and DEL. */
export function withoutControlCharacters(text: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point.
  return text.replace(/[\u0000-\u001f\u007f]/g, '');
}
