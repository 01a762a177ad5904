import { baseMimeType, PDF, PHOTO_TYPES } from '../mime.js';

/** What tesseract read, as paragraphs of lines of words, each word with its confidence (0–100). */
export interface ReadWord {
  text: string;
  confidence: number;
}
export type ReadParagraph = ReadWord[][];

/** Words read with less confidence than this are dropped: below it they are mostly noise. */
export const MIN_WORD_CONFIDENCE = 55;
/**
 * A page whose confident words of three or more letters or digits hold fewer of them than this holds
 * no text: a photo of a landscape yields a few stray "words", never this many.
 */
export const MIN_TEXT_CHARS = 12;
/** A PDF page with fewer characters than this in its text layer is a scan to read. */
export const MIN_PAGE_LAYER_CHARS = 16;

/** Images OCR reads: those sharp decodes (not HEIC, whose HEVC it cannot), first frame or page. */
export const OCR_IMAGE_TYPES: ReadonlySet<string> = new Set(
  [...PHOTO_TYPES].filter((type) => type !== 'image/heic' && type !== 'image/heif'),
);

export interface PageText {
  /** The confident words, a line per line and a blank line between paragraphs; '' when none. */
  text: string;
  /** Mean confidence of the words kept; null when none. */
  confidence: number | null;
  words: number;
}

const ALNUM = /[\p{L}\p{N}]/gu;
const countAlnum = (text: string) => text.match(ALNUM)?.length ?? 0;

/** Keeps the words read confidently enough; a page with too little of them is treated as no text. */
export function confidentText(paragraphs: ReadParagraph[]): PageText {
  let sum = 0;
  let words = 0;
  let chars = 0;
  const blocks: string[] = [];
  for (const paragraph of paragraphs) {
    const lines: string[] = [];
    for (const line of paragraph) {
      const kept = line.filter((w) => w.confidence >= MIN_WORD_CONFIDENCE && countAlnum(w.text) > 0);
      // Lines of lone characters ("1 1 l") are what grass, bricks and leaves read as.
      if (!kept.some((w) => countAlnum(w.text) >= 2)) continue;
      for (const word of kept) {
        sum += word.confidence;
        const letters = countAlnum(word.text);
        if (letters >= 3) chars += letters;
      }
      words += kept.length;
      lines.push(kept.map((w) => w.text.trim()).join(' '));
    }
    if (lines.length > 0) blocks.push(lines.join('\n'));
  }
  if (chars < MIN_TEXT_CHARS) return { text: '', confidence: null, words: 0 };
  return { text: blocks.join('\n\n'), confidence: sum / words, words };
}

/** Whether a PDF page's own text layer is empty or nearly so (a scanned page). */
export const lacksText = (pageText: string) => pageText.replace(/\s+/g, '').length < MIN_PAGE_LAYER_CHARS;

/**
 * Whether a file is to be read with OCR: an image that may hold text, or a PDF with at least one
 * page without a text layer (`pdfPages`: its pages' own text).
 */
export function needsOcr(mimeType: string, pdfPages: string[] | null): boolean {
  const type = baseMimeType(mimeType);
  if (OCR_IMAGE_TYPES.has(type)) return true;
  return type === PDF && pdfPages !== null && pdfPages.some(lacksText);
}

/**
 * A PDF's text, page by page in order: the page's own text where it has some, else what OCR read on
 * it (`read`, by page index from 0); empty pages leave nothing behind.
 */
export function mergePageTexts(ownTexts: string[], read: ReadonlyMap<number, string>): string {
  return ownTexts
    .map((own, index) => (lacksText(own) ? (read.get(index) ?? own) : own).trim())
    .filter((text) => text !== '')
    .join('\n\n');
}

/** Below this confidence even a glance (see mayHoldText) ignores a word. */
const GLANCE_CONFIDENCE = 30;

/**
 * Whether a quick look at a small copy of a picture saw anything like a word (three letters or
 * digits, read with some confidence): when not, the picture holds no text worth a full read.
 */
export function mayHoldText(paragraphs: ReadParagraph[]): boolean {
  return paragraphs.some((paragraph) =>
    paragraph.some((line) => line.some((w) => w.confidence >= GLANCE_CONFIDENCE && countAlnum(w.text) >= 3)),
  );
}

/** A glance whose words are read at least this confidently on average… */
const CLEAR_CONFIDENCE = 88;
/** …and of whose words at most this share were dropped, is taken as the reading (no larger read). */
const CLEAR_DROPPED = 0.1;

/**
 * The glance's text when it was read clearly (large letters: most photos of a document, screenshots),
 * so the picture needs no read at full size; null when a larger read may do better.
 */
export function clearText(paragraphs: ReadParagraph[]): PageText | null {
  const page = confidentText(paragraphs);
  const seen = paragraphs.flat(2).filter((w) => countAlnum(w.text) > 0).length;
  if (page.text === '' || (page.confidence ?? 0) < CLEAR_CONFIDENCE) return null;
  return page.words >= seen * (1 - CLEAR_DROPPED) ? page : null;
}
