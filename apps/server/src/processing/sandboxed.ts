import { processingSandbox } from '../sandbox/default-sandbox.js';
import { taskModule } from '../sandbox/sandbox.js';
import { isPlainText, extractText as readPlainText } from './extract-text.js';
import type { tasks } from './text-tasks.js';

/**
 * The parsers of extract-text.ts and thumbnail.ts run in the process's sandbox, where a file that
 * would take too much memory or time fails alone (SandboxFailure) instead of stalling or ending the
 * server. These are what the rest of the server calls.
 */
const TEXT_TASKS = taskModule<typeof tasks>(new URL('./text-tasks.js', import.meta.url));

/**
 * The searchable text of a file, as extractText reads it. Plain text is only decoded (at most 4 MB of
 * it, nothing unpacked), so it is read here, at once, without a worker's start.
 */
export const extractText = (bytes: Buffer, mimeType: string) =>
  isPlainText(mimeType)
    ? readPlainText(bytes, mimeType)
    : processingSandbox().run(TEXT_TASKS, 'text', { bytes, mimeType });

/** A PDF's text and each page's own, as extractPdf reads them. */
export const extractPdf = (bytes: Buffer) => processingSandbox().run(TEXT_TASKS, 'pdf', { bytes });

/** Each page's own text of a PDF, in order. */
export const pdfPageTexts = (bytes: Buffer) => processingSandbox().run(TEXT_TASKS, 'pdfPages', { bytes });

/** A PDF's first page as a PNG, at the thumbnail's size. */
export const drawPdfFirstPage = (bytes: Buffer) =>
  processingSandbox().run(TEXT_TASKS, 'pdfFirstPage', { bytes });
