import type Tesseract from 'tesseract.js';
import { linkLanguageData } from './languages.js';
import type { ReadParagraph } from './text.js';

/** A picture that took longer than the page time cap; its reader was stopped. */
export class OcrTimeoutError extends Error {}

export interface OcrEngine {
  /** Reads an encoded picture (PNG, JPEG…): its paragraphs of lines of words, with confidences. */
  read(image: Buffer): Promise<ReadParagraph[]>;
  /** Readers alive now (each a worker thread holding tesseract and its language data). */
  readonly alive: number;
  /** Stops every reader; reading again afterwards starts them anew. */
  close(): Promise<void>;
}

export interface OcrEngineOptions {
  languages: readonly string[];
  /** Readers at most, each reading one picture at a time. */
  workers: number;
  /** A picture taking longer is given up (its reader is stopped, a fresh one starts for the next). */
  pageTimeoutMs: number;
  /** A reader unused this long is stopped, so an idle server holds no OCR memory. */
  idleMs: number;
}

interface Slot {
  worker: Promise<Tesseract.Worker> | null;
  idle: NodeJS.Timeout | null;
}

function paragraphsOf(page: Tesseract.Page): ReadParagraph[] {
  return (page.blocks ?? []).flatMap((block) =>
    block.paragraphs.map((paragraph) =>
      paragraph.lines.map((line) => line.words.map((w) => ({ text: w.text, confidence: w.confidence }))),
    ),
  );
}

/**
 * tesseract.js readers (worker threads), started on first use and stopped after `idleMs` unused.
 * A caller waits for a free reader; at most `workers` read at once.
 */
export function createOcrEngine(options: OcrEngineOptions): OcrEngine {
  const free: Slot[] = Array.from({ length: options.workers }, () => ({ worker: null, idle: null }));
  const all = [...free];
  const waiting: ((slot: Slot) => void)[] = [];
  let languageDir: Promise<{ dir: string; remove(): Promise<void> }> | null = null;

  const start = async (): Promise<Tesseract.Worker> => {
    languageDir ??= linkLanguageData(options.languages);
    const { dir } = await languageDir;
    const { createWorker, OEM } = await import('tesseract.js');
    // cacheMethod 'none': nothing is written next to the process; gzip: the packages hold .gz files.
    return createWorker([...options.languages], OEM.LSTM_ONLY, {
      langPath: dir,
      cacheMethod: 'none',
      gzip: true,
    });
  };

  const stop = (slot: Slot) => {
    if (slot.idle) clearTimeout(slot.idle);
    slot.idle = null;
    const worker = slot.worker;
    slot.worker = null;
    return worker?.then((w) => w.terminate()).catch(() => undefined);
  };

  const acquire = (): Promise<Slot> => {
    const slot = free.pop();
    if (slot) return Promise.resolve(slot);
    return new Promise((resolve) => waiting.push(resolve));
  };

  const release = (slot: Slot) => {
    if (slot.worker) {
      slot.idle = setTimeout(() => void stop(slot), options.idleMs);
      slot.idle.unref();
    }
    const next = waiting.shift();
    if (next) next(slot);
    else free.push(slot);
  };

  return {
    get alive() {
      return all.filter((slot) => slot.worker !== null).length;
    },
    async read(image) {
      const slot = await acquire();
      if (slot.idle) clearTimeout(slot.idle);
      slot.idle = null;
      let timer: NodeJS.Timeout | undefined;
      try {
        slot.worker ??= start();
        const worker = await slot.worker.catch((error: unknown) => {
          slot.worker = null;
          throw error;
        });
        const timeout = new Promise<never>((_, reject) => {
          timer = setTimeout(
            () => reject(new OcrTimeoutError(`Reading took longer than ${options.pageTimeoutMs / 1000} s`)),
            options.pageTimeoutMs,
          );
        });
        const result = await Promise.race([
          worker.recognize(image, {}, { text: false, blocks: true }),
          timeout,
        ]);
        return paragraphsOf(result.data);
      } catch (error) {
        // tesseract cannot be interrupted: a reader that timed out (or broke) is stopped and replaced.
        await stop(slot);
        throw error;
      } finally {
        clearTimeout(timer);
        release(slot);
      }
    },
    async close() {
      await Promise.all(all.map(stop));
      const dir = await languageDir;
      languageDir = null;
      await dir?.remove();
    },
  };
}
