import { extractPdf, extractText, pdfPageTexts } from './extract-text.js';
import { drawPdfFirstPage } from './thumbnail.js';

/** Bytes as they arrive from another thread (a Uint8Array), as the parsers take them. */
const asBuffer = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/** The parsing of files' text, run in a sandbox worker (see processing/sandboxed.ts). */
export const tasks = {
  text: async ({ bytes, mimeType }: { bytes: Uint8Array; mimeType: string }) =>
    extractText(asBuffer(bytes), mimeType),
  pdf: async ({ bytes }: { bytes: Uint8Array }) => extractPdf(asBuffer(bytes)),
  pdfPages: async ({ bytes }: { bytes: Uint8Array }) => pdfPageTexts(asBuffer(bytes)),
  pdfFirstPage: async ({ bytes }: { bytes: Uint8Array }) => drawPdfFirstPage(asBuffer(bytes)),
};
