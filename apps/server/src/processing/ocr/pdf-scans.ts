import { importCanvas, withPdf } from '../pdf.js';

/** Pages are drawn at this resolution for OCR (scans are usually 200–300 dpi)… */
const OCR_DPI = 300;
/**
 * …but never into more pixels than this: an A4 page at about 225 dpi, plenty for 8 pt text. At 300 dpi
 * (8.7 million) reading took a fifth longer and tesseract's peak memory a third more, for no fewer errors.
 */
export const MAX_PAGE_PIXELS = 5_000_000;

/** 8 bits a pixel instead of 32: tesseract holds a quarter of the memory for the page. */
async function grayscale(png: Buffer): Promise<Buffer> {
  const { default: sharp } = await import('sharp');
  return sharp(png).toColourspace('b-w').png({ compressionLevel: 1 }).toBuffer();
}

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
        const page = await pdf.getPage(index + 1);
        const { width, height } = page.getViewport({ scale: 1 });
        const scale = Math.min(OCR_DPI / 72, Math.sqrt(MAX_PAGE_PIXELS / Math.max(width * height, 1)));
        const png = await renderPageAsImage(pdf, index + 1, { canvasImport: importCanvas, scale });
        // pdf.js keeps a drawn page's decoded pictures; let them go before the next page.
        page.cleanup();
        await use(index, await grayscale(Buffer.from(png)));
      }
    },
    { forDrawing: true },
  );
}
