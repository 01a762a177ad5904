import { randomUUID } from 'node:crypto';
import type { Dirent } from 'node:fs';
import { mkdir, open, opendir, rename, rm, stat, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { BlobMeter } from './blob-meter.js';
import {
  BlobNotFoundError,
  type BlobStore,
  BlobTooLargeError,
  type ByteRange,
  type PutOptions,
  type StoredBlob,
} from './blob-store.js';
import { sniffMimeType } from './sniff.js';
import { STALE_TEMP_MS, TEMP_DIR } from './temp.js';
import {
  assertValidKey,
  assertValidMaxBytes,
  assertValidOwnerId,
  assertValidRange,
  assertWritableKey,
} from './validate.js';

/**
 * Blobs as files: `rootDir/<ownerId>/<sha256>`, thumbnails at `rootDir/<ownerId>/thumbs/<objectId>.webp`.
 * Writes go to `rootDir/.tmp/<uuid>` first and are renamed into place when complete.
 */
export function createLocalBlobStore(rootDir: string): BlobStore {
  const root = path.resolve(rootDir);
  const tempDir = path.join(root, TEMP_DIR);

  function pathOf(key: string): string {
    assertValidKey(key);
    return path.join(root, ...key.split('/'));
  }

  // Directories made (or found) already: each write would otherwise ask for its directory again, a
  // system call per write. One removed meanwhile is made again when a write finds it missing.
  const made = new Set<string>();
  async function inDir<T>(dir: string, write: () => Promise<T>): Promise<T> {
    if (!made.has(dir)) {
      await mkdir(dir, { recursive: true });
      made.add(dir);
    }
    try {
      return await write();
    } catch (error) {
      if ((error as NodeJS.ErrnoException | null)?.code !== 'ENOENT') throw error;
      made.delete(dir);
      await mkdir(dir, { recursive: true });
      made.add(dir);
      return write();
    }
  }

  return {
    async put(body: Readable, { ownerId, maxBytes, nameHint }: PutOptions): Promise<StoredBlob> {
      assertValidOwnerId(ownerId);
      assertValidMaxBytes(maxBytes);
      const temp = path.join(tempDir, randomUUID());
      const meter = new BlobMeter(maxBytes);
      let placed = false;
      try {
        const file = await inDir(tempDir, () => open(temp, 'wx'));
        try {
          await pipeline(body, meter, file.createWriteStream());
        } catch (error) {
          throw meter.tooLarge ? new BlobTooLargeError(maxBytes) : error;
        } finally {
          await file.close();
        }
        const { size, sha256, head } = meter.result();
        const key = `${ownerId}/${sha256}`;
        const target = pathOf(key);
        if (await isFile(target)) {
          // Same key, same bytes: the file there will do. Its time is refreshed so the orphan sweep's grace
          // period covers this upload too, even if the file had been an orphan for a while.
          const now = new Date();
          await utimes(target, now, now);
        } else {
          await inDir(path.dirname(target), () => rename(temp, target));
          placed = true;
        }
        return { key, size, sha256, mimeType: await sniffMimeType(head, nameHint) };
      } finally {
        if (!placed) await rm(temp, { force: true });
      }
    },

    async putAt(key: string, body: Buffer, _mimeType: string): Promise<void> {
      assertWritableKey(key);
      const target = pathOf(key);
      const temp = path.join(tempDir, randomUUID());
      let placed = false;
      try {
        await inDir(tempDir, () => writeFile(temp, body, { flag: 'wx' }));
        await inDir(path.dirname(target), () => rename(temp, target));
        placed = true;
      } finally {
        if (!placed) await rm(temp, { force: true });
      }
    },

    async get(key: string, range?: ByteRange): Promise<Readable> {
      if (range) assertValidRange(range);
      const file = await open(pathOf(key), 'r').catch((error: unknown) => {
        throw isMissing(error) ? new BlobNotFoundError(key) : error;
      });
      try {
        const info = await file.stat();
        if (!info.isFile()) throw new BlobNotFoundError(key);
        if (range && range.start >= info.size) {
          throw new RangeError(`Range ${range.start}-${range.end} starts past the end of ${key}`);
        }
      } catch (error) {
        await file.close();
        throw error;
      }
      return file.createReadStream(range ? { start: range.start, end: range.end } : {});
    },

    async size(key: string): Promise<number | null> {
      const info = await stat(pathOf(key)).catch((error: unknown) => {
        if (isMissing(error)) return null;
        throw error;
      });
      return info?.isFile() ? info.size : null;
    },

    async delete(key: string): Promise<void> {
      const target = pathOf(key);
      if (await isFile(target)) await rm(target, { force: true });
    },

    async *list(): AsyncIterable<{ key: string; modifiedAt: Date }> {
      for await (const entry of walk(root, [])) {
        const inTemp = entry.segments[0] === TEMP_DIR;
        if (inTemp && Date.now() - entry.modifiedAt.getTime() < STALE_TEMP_MS) continue;
        yield { key: entry.segments.join('/'), modifiedAt: entry.modifiedAt };
      }
    },

    async close(): Promise<void> {},
  };
}

async function* walk(
  dir: string,
  segments: string[],
): AsyncGenerator<{ segments: string[]; modifiedAt: Date }> {
  let entries: AsyncIterable<Dirent>;
  try {
    entries = await opendir(dir);
  } catch (error) {
    if (isMissing(error)) return;
    throw error;
  }
  for await (const entry of entries) {
    const at = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      yield* walk(at, [...segments, entry.name]);
    } else if (entry.isFile()) {
      // Gone between readdir and stat: deleted meanwhile, so not listed.
      const info = await stat(at).catch(() => null);
      if (info) yield { segments: [...segments, entry.name], modifiedAt: info.mtime };
    }
  }
}

async function isFile(file: string): Promise<boolean> {
  return (await stat(file).catch(() => null))?.isFile() ?? false;
}

function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  return code === 'ENOENT' || code === 'ENOTDIR' || code === 'EISDIR';
}
