import { tidy } from '../extract-text.js';
import { baseMimeType, PDF } from '../mime.js';
import { pdfPageTexts } from '../sandboxed.js';
import { type OcrEngine, OcrTimeoutError } from './engine.js';
import { OcrRefusal, prepareImage } from './image.js';
import { eachPageImage } from './pdf-scans.js';
import {
  clearText,
  confidentText,
  lacksText,
  mayHoldText,
  mergePageTexts,
  OCR_IMAGE_TYPES,
  type PageText,
} from './text.js';

/** What reading a file found. */
export type Reading =
  | { found: 'text'; text: string; confidence: number; pages: number; note: string | null }
  | { found: 'none'; pages: number; note: string | null };

export interface ReadLimits {
  /** PDF pages read at most. */
  maxPages: number;
}

const pageList = (indexes: number[]) => indexes.map((i) => i + 1).join(', ');

/** Mean of the pages' confidences, weighted by their words. */
function meanConfidence(pages: PageText[]): number {
  const words = pages.reduce((n, p) => n + p.words, 0);
  return pages.reduce((sum, p) => sum + (p.confidence ?? 0) * p.words, 0) / Math.max(words, 1);
}

/**
 * Larger pictures are first glanced at this long: one without text (a landscape) ends there, quickly,
 * and one whose text is read clearly (large letters) too; else it is read again at full size. Smaller
 * pictures are read once, as they are.
 */
const GLANCE_SIDE = 1500;

async function readPicture(engine: OcrEngine, image: Buffer) {
  try {
    return await engine.read(image);
  } catch (error) {
    if (error instanceof OcrTimeoutError) throw new OcrRefusal('The picture took too long to read');
    throw error;
  }
}

async function readImage(engine: OcrEngine, bytes: Buffer): Promise<Reading> {
  const none: Reading = { found: 'none', pages: 1, note: null };
  let { image, originalLongSide } = await prepareImage(bytes, GLANCE_SIDE);
  let page: PageText | null = null;
  if (originalLongSide > GLANCE_SIDE) {
    const glance = await readPicture(engine, image);
    if (!mayHoldText(glance)) return none;
    page = clearText(glance);
    if (!page) ({ image } = await prepareImage(bytes));
  }
  page ??= confidentText(await readPicture(engine, image));
  if (page.text === '') return none;
  return { found: 'text', text: tidy(page.text), confidence: page.confidence ?? 0, pages: 1, note: null };
}

async function readPdf(engine: OcrEngine, bytes: Buffer, limits: ReadLimits): Promise<Reading> {
  const own = await pdfPageTexts(bytes);
  const scanned = own.flatMap((text, index) => (lacksText(text) ? [index] : []));
  const toRead = scanned.slice(0, limits.maxPages);
  const read = new Map<number, string>();
  const found: PageText[] = [];
  const slow: number[] = [];
  await eachPageImage(bytes, toRead, async (index, png) => {
    try {
      const page = confidentText(await engine.read(png));
      if (page.text !== '') {
        read.set(index, page.text);
        found.push(page);
      }
    } catch (error) {
      if (!(error instanceof OcrTimeoutError)) throw error;
      slow.push(index);
    }
  });
  const notes = [
    slow.length > 0 ? `Page ${pageList(slow)} took too long to read and was skipped` : null,
    scanned.length > toRead.length
      ? `Only the first ${toRead.length} of the ${scanned.length} scanned pages were read`
      : null,
  ].filter((n) => n !== null);
  const note = notes.length > 0 ? notes.join('. ') : null;
  const pages = toRead.length - slow.length;
  if (found.length === 0) return { found: 'none', pages, note };
  return {
    found: 'text',
    text: tidy(mergePageTexts(own, read)),
    confidence: meanConfidence(found),
    pages,
    note,
  };
}

/** Whether OCR reads files of this type. */
export const readsWithOcr = (mimeType: string) => {
  const type = baseMimeType(mimeType);
  return type === PDF || OCR_IMAGE_TYPES.has(type);
};

/**
 * Reads the text of a picture, or of a PDF's pages without a text layer (merged, in page order, with
 * the text of the pages that have one). Throws OcrRefusal for a file it cannot read.
 */
export function readFileText(engine: OcrEngine, bytes: Buffer, mimeType: string, limits: ReadLimits) {
  return baseMimeType(mimeType) === PDF ? readPdf(engine, bytes, limits) : readImage(engine, bytes);
}
