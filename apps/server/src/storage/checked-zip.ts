import type { Readable } from 'node:stream';
import yauzl from 'yauzl';

/** An entry inflating more than this many times its packed size is a ZIP bomb: real files don't. */
export const MAX_ZIP_RATIO = 200;
/** Below this size, any ratio is fine (a page of blanks packs a thousand to one). */
const RATIO_FREE_BYTES = 1024 * 1024;

/** Why an uploaded ZIP is refused whole; each caller words it for its own kind of archive. */
export type ZipRefusal =
  | { kind: 'unreadable' }
  | { kind: 'outside'; name: string }
  | { kind: 'too-many'; max: number }
  | { kind: 'too-large'; maxBytes: number }
  | { kind: 'bomb'; name: string; ratio: number };

export class ZipRefused extends Error {
  constructor(readonly refusal: ZipRefusal) {
    super(`ZIP refused: ${refusal.kind}`);
  }
}

export interface ZipLimits {
  /** The most bytes all entries together may unpack to (as their headers declare; yauzl holds them to it). */
  maxTotalBytes: number;
  /** The most entries (files) it may hold. */
  maxEntries?: number;
}

export interface CheckedZip {
  /** Its files (not folders), by name: every name inside the archive, sizes and ratios checked. */
  entries: Map<string, yauzl.Entry>;
  /** One entry's bytes, streamed; the actual bytes are checked against the declared size. */
  open(entry: yauzl.Entry): Promise<Readable>;
  close(): void;
}

/** A name that stays inside the archive once unpacked: relative, no `..`, no drive letter or NUL. */
export function staysInside(name: string): boolean {
  const slashed = name.replaceAll('\\', '/');
  if (slashed.startsWith('/') || /^[a-zA-Z]:/.test(slashed) || slashed.includes('\u0000')) return false;
  return !slashed.split('/').includes('..');
}

/** The files of an opened ZIP's directory, every entry checked against `limits` (see openCheckedZip). */
export function listEntries(zip: yauzl.ZipFile, limits: ZipLimits): Promise<Map<string, yauzl.Entry>> {
  const entries = new Map<string, yauzl.Entry>();
  let total = 0;
  return new Promise((resolve, reject) => {
    zip.on('entry', (entry: yauzl.Entry) => {
      const name = entry.fileName;
      if (!staysInside(name)) return reject(new ZipRefused({ kind: 'outside', name }));
      if (!name.endsWith('/')) {
        if (limits.maxEntries !== undefined && entries.size >= limits.maxEntries) {
          return reject(new ZipRefused({ kind: 'too-many', max: limits.maxEntries }));
        }
        total += entry.uncompressedSize;
        if (total > limits.maxTotalBytes) {
          return reject(new ZipRefused({ kind: 'too-large', maxBytes: limits.maxTotalBytes }));
        }
        const ratio = entry.uncompressedSize / Math.max(entry.compressedSize, 1);
        if (entry.uncompressedSize > RATIO_FREE_BYTES && ratio > MAX_ZIP_RATIO) {
          return reject(new ZipRefused({ kind: 'bomb', name, ratio }));
        }
        entries.set(name, entry);
      }
      zip.readEntry();
    });
    zip.on('end', () => resolve(entries));
    zip.on('error', (error: Error) => {
      // yauzl checks each entry's name itself, and stops at one that would leave the folder.
      const named = /^(?:absolute path|invalid relative path): (.*)$/s.exec(error.message);
      reject(new ZipRefused(named ? { kind: 'outside', name: named[1] ?? '' } : { kind: 'unreadable' }));
    });
    zip.readEntry();
  });
}

/**
 * Opens an uploaded ZIP saved to `file` and reads its directory only, refusing it whole (ZipRefused) when
 * it is damaged or cut short, an entry's name leaves the archive, it holds too many entries, they unpack
 * to more than the limit, or one inflates like a bomb. Entries are read later one by one, never the
 * whole ZIP into memory.
 */
export async function openCheckedZip(file: string, limits: ZipLimits): Promise<CheckedZip> {
  let zip: yauzl.ZipFile;
  try {
    zip = await yauzl.openPromise(file, {
      lazyEntries: true,
      autoClose: false,
      validateEntrySizes: true,
      // Names are checked here, with the name in the refusal.
      strictFileNames: false,
    });
  } catch {
    throw new ZipRefused({ kind: 'unreadable' });
  }
  try {
    const entries = await listEntries(zip, limits);
    return { entries, open: (entry) => zip.openReadStreamPromise(entry), close: () => zip.close() };
  } catch (error) {
    zip.close();
    throw error;
  }
}
