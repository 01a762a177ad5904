import { importCanvas, withPdf } from '../pdf.js';

/** Pages are drawn at this resolution for OCR (scans are usually 200–300 dpi)… */
const OCR_DPI = 300;
/** …but never into more pixels than this (an A4 page at 300 dpi is 8.7 million). */
export const MAX_PAGE_PIXELS = 9_000_000;

/**
 * Draws the PDF's pages `indexes` (from 0), one at a time, and hands each picture to `use`; only one
 * page's picture is held at once, whatever the document's size.
 */
export async function eachPageImage(
  bytes: Buffer,
  indexes: readonly number[],
  use: (index: number, png: Buffer) => Promise<void>,
): Promise<void> {
  const { renderPageAsImage } = await import('unpdf');
  await withPdf(
    bytes,
    async (pdf) => {
      for (const index of indexes) {
        const { width, height } = (await pdf.getPage(index + 1)).getViewport({ scale: 1 });
        const scale = Math.min(OCR_DPI / 72, Math.sqrt(MAX_PAGE_PIXELS / Math.max(width * height, 1)));
        const png = await renderPageAsImage(pdf, index + 1, { canvasImport: importCanvas, scale });
        await use(index, Buffer.from(png));
      }
    },
    { forDrawing: true },
  );
}
