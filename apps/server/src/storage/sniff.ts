import { fileTypeFromBuffer } from 'file-type';
import { officeTypeFromZipHead } from './office-zip.js';
import { decodeText, textMimeType } from './sniff-text.js';

/** How many leading bytes the sniff looks at (file-type's own "reasonable detection size"). */
export const SNIFF_BYTES = 4100;

const UNKNOWN = 'application/octet-stream';

/** Signatures of two bytes or so that ordinary text can start with ("BMW…" reads as a bitmap). */
const WEAK_SIGNATURES = new Set(['image/bmp', 'application/x-msdownload', 'video/mp2t']);

/**
 * The MIME type of a file from its first bytes (at most SNIFF_BYTES are read). Binary formats come from
 * file-type, with DOCX/XLSX/PPTX also recognised when their zip lists `[Content_Types].xml` late. Anything
 * else that is UTF-8 text is text/html, message/rfc822 or text/plain, the latter refined by `nameHint`
 * (.md/.markdown, .csv, .json); everything else is application/octet-stream. An empty file is text/plain.
 * UTF-16 text is not recognised (its NUL bytes make it binary).
 */
export async function sniffMimeType(head: Uint8Array, nameHint?: string): Promise<string> {
  const bytes = head.subarray(0, SNIFF_BYTES);
  // A head of exactly the limit may or may not be the whole file; treat it as cut off.
  const truncated = bytes.length === SNIFF_BYTES;
  const text = decodeText(bytes, truncated);
  const detected = await detectBinary(bytes);
  if (detected && !(text !== null && WEAK_SIGNATURES.has(detected))) {
    return detected === 'application/zip' ? (officeTypeFromZipHead(bytes) ?? detected) : detected;
  }
  return text === null ? UNKNOWN : textMimeType(text, nameHint, truncated);
}

async function detectBinary(bytes: Uint8Array): Promise<string | undefined> {
  try {
    return (await fileTypeFromBuffer(bytes))?.mime;
  } catch {
    // A malformed container must not fail the upload; it is simply of unknown type.
    return undefined;
  }
}
