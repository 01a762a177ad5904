import { MAX_DOCUMENT_HTML_CHARS } from './document-html.js';

/** One picture larger than this is left out of a document's preview (the page would grow huge). */
export const MAX_PICTURE_BYTES = 2 * 1024 * 1024;
/** All of a preview's pictures together: as many bytes as fit the preview's HTML once in base64. */
const MAX_PICTURES_BYTES = Math.floor((MAX_DOCUMENT_HTML_CHARS * 3) / 4);

/**
 * Counts the bytes of the pictures a document preview carries: `takes(bytes)` is true while the
 * picture is small enough and fits what is left, so a document of a thousand pictures cannot make a
 * preview of gigabytes.
 */
export function pictureBudget() {
  let left = MAX_PICTURES_BYTES;
  return {
    takes(bytes: number): boolean {
      if (bytes > MAX_PICTURE_BYTES || bytes > left) return false;
      left -= bytes;
      return true;
    },
  };
}
