import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { tempFilePath } from '../../storage/temp-files.js';
import type { MoveInPlan } from './moved-in.js';
import { planPaperless, readManifest } from './paperless.js';
import { openPaperlessArchive, type PaperlessArchive } from './paperless-archive.js';

/** An export zipped with its documents: 20 GB holds tens of thousands of scans. */
export const MAX_PAPERLESS_BYTES = 20 * 1024 * 1024 * 1024;

/** The upload went past its cap (the multipart stream was cut short there): nothing is read of it. */
export class ArchiveTooLargeError extends Error {}

/**
 * An uploaded Paperless-ngx export, written to a temporary file (it may be far larger than memory), its
 * manifest checked whole and each file against its checksum, then planned. `store` runs with the archive
 * open, so the documents' bytes stream from it; the temporary file is removed afterwards, whatever happens.
 */
export async function withPaperlessUpload<T>(
  upload: Readable,
  maxTotalBytes: number,
  store: (plan: MoveInPlan) => Promise<T>,
): Promise<T> {
  const file = await tempFilePath('paperless', '.zip');
  let archive: PaperlessArchive | null = null;
  try {
    await pipeline(upload, createWriteStream(file, { mode: 0o600 }));
    // A streamed multipart file over its limit just ends, flagged `truncated` (busboy's way).
    if ((upload as Readable & { truncated?: boolean }).truncated) throw new ArchiveTooLargeError();
    archive = await openPaperlessArchive(file, { maxTotalBytes });
    const plan = await planPaperless(readManifest(archive.records), archive);
    return await store(plan);
  } finally {
    archive?.close();
    await rm(file, { force: true });
  }
}
