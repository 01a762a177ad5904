import { createWriteStream } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { tempFilePath } from '../../storage/temp-files.js';

/** The upload went past its cap (the multipart stream was cut short there): nothing is kept of it. */
export class UploadTooLargeError extends Error {}

/**
 * A multipart file streamed to a temporary file (it may be far larger than memory); answers where and
 * its size. Over `maxBytes` (busboy ends the stream `truncated`, or @fastify/multipart throws), the file is
 * removed and UploadTooLargeError thrown.
 */
export async function spoolUpload(
  upload: Readable,
  prefix: string,
  maxBytes: number,
): Promise<{ file: string; size: number }> {
  const file = await tempFilePath(prefix, '.upload');
  try {
    await pipeline(upload, createWriteStream(file, { mode: 0o600 }));
    if ((upload as Readable & { truncated?: boolean }).truncated) throw new UploadTooLargeError();
    const { size } = await stat(file);
    if (size > maxBytes) throw new UploadTooLargeError();
    return { file, size };
  } catch (error) {
    await rm(file, { force: true });
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new UploadTooLargeError();
    throw error;
  }
}
