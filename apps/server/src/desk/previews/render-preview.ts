import { baseMime, extensionOf, type FilePreview, MIME_DOCX, MIME_ODT, previewFormatOf } from '@easio/shared';
import { TOO_LARGE_UNPACKED } from '../../processing/office-unpack.js';
import { processingSandbox } from '../../sandbox/default-sandbox.js';
import { SandboxFailure, taskModule } from '../../sandbox/sandbox.js';
import type { tasks } from './preview-tasks.js';
import { TEXT_PREVIEW_BYTES, textOfHead } from './text-preview.js';

const PREVIEW_TASKS = taskModule<typeof tasks>(new URL('./preview-tasks.js', import.meta.url));
/** A preview is for someone waiting at the screen: one that takes longer than this is given up. */
const PREVIEW_TIMEOUT_MS = 20_000;

/** Documents and spreadsheets are rendered up to this size; larger ones are downloaded. */
export const MAX_RENDERED_BYTES = 20 * 1024 * 1024;

const OPEN_ELSEWHERE = 'Download it to open it in another app.';

export const PREVIEW_MESSAGES = {
  unsupported: `This file can't be shown here. ${OPEN_ELSEWHERE}`,
  too_large: `This file is too large to show here. ${OPEN_ELSEWHERE}`,
  too_large_unpacked: `This file is too large once unpacked to show here. ${OPEN_ELSEWHERE}`,
  too_slow: `This file takes too long to show here. ${OPEN_ELSEWHERE}`,
  missing: 'The contents of this file are missing from storage, so it cannot be shown or downloaded.',
} as const;

const unavailable = (
  reason: 'unsupported' | 'too_large' | 'missing',
  message: string = PREVIEW_MESSAGES[reason],
) => ({ kind: 'unavailable', reason, message }) as const;

/** The file as the preview needs it: its facts and a way to read its bytes (or the first of them). */
export interface PreviewFile {
  name: string;
  mimeType: string | null;
  size: number;
  /** The first `maxBytes` bytes (all of them when the file is that small). */
  read(maxBytes: number): Promise<Buffer>;
}

/** What to call a file that could not be read, so the message says what it expected. */
function unreadable(name: string, mimeType: string | null, format: string): FilePreview {
  const mime = baseMime(mimeType);
  const what =
    mime === MIME_DOCX
      ? 'This Word document could not be read: it may be damaged or not really a .docx file.'
      : mime === MIME_ODT
        ? 'This OpenDocument text could not be read: it may be damaged or not really an .odt file.'
        : format === 'table'
          ? `This spreadsheet could not be read: it may be damaged${extensionOf(name) ? ` or not really a .${extensionOf(name)} file` : ''}.`
          : 'This file could not be read: it may be damaged.';
  return { kind: 'unavailable', reason: 'unreadable', message: `${what} ${OPEN_ELSEWHERE}` };
}

/**
 * The server-side preview of a file (see `filePreviewSchema`): Word and OpenDocument texts and Markdown
 * as sanitised HTML, spreadsheets and CSV as a table (parsed in the process's sandbox, see
 * render-document.ts), text and code as text. Pictures, PDFs, audio and video are shown by the browser
 * from the file's own address, so they have none here. A file that cannot be read, or would take too
 * much memory or time, is answered as such, in words for the user; the error is the caller's to log.
 */
export async function renderPreview(
  file: PreviewFile,
  onUnreadable: (error: unknown) => void = () => {},
): Promise<FilePreview> {
  const format = previewFormatOf({ name: file.name, mime_type: file.mimeType });
  if (format !== 'document' && format !== 'table' && format !== 'text' && format !== 'code') {
    return unavailable('unsupported');
  }
  const mime = baseMime(file.mimeType);
  try {
    if (format === 'text' || format === 'code') {
      const { text, truncated } = textOfHead(await file.read(TEXT_PREVIEW_BYTES), file.size);
      return { kind: 'text', text, code: format === 'code', truncated };
    }
    if (file.size > MAX_RENDERED_BYTES) return unavailable('too_large');
    const bytes = await file.read(MAX_RENDERED_BYTES);
    return await processingSandbox().run(
      PREVIEW_TASKS,
      'render',
      { bytes, mimeType: mime, format },
      { timeoutMs: PREVIEW_TIMEOUT_MS },
    );
  } catch (error) {
    onUnreadable(error);
    if (error instanceof SandboxFailure) {
      return error.reason === 'timeout'
        ? unavailable('too_large', PREVIEW_MESSAGES.too_slow)
        : unavailable('too_large', PREVIEW_MESSAGES.too_large_unpacked);
    }
    if (error instanceof Error && error.message === TOO_LARGE_UNPACKED) {
      return unavailable('too_large', PREVIEW_MESSAGES.too_large_unpacked);
    }
    return unreadable(file.name, file.mimeType, format);
  }
}
