import type { Readable } from 'node:stream';
import yauzl from 'yauzl';
import { HttpError } from '../http/http-error.js';
import { type ExportManifest, parseManifest } from './restore-manifest.js';

/** `easio.json` is parsed whole: 10,000 items are a few megabytes; this is far beyond any desk. */
export const MAX_MANIFEST_BYTES = 256 * 1024 * 1024;
/** Entries one export may hold (its files and `easio.json`). */
export const MAX_ENTRIES = 500_000;
/** An entry inflating more than this many times its packed size, past a megabyte, is a ZIP bomb. */
export const MAX_RATIO = 200;
const RATIO_FROM_BYTES = 1024 * 1024;

export interface RestoreLimits {
  /** The most bytes all entries together may unpack to. */
  maxTotalBytes: number;
}

export interface RestoreArchive {
  manifest: ExportManifest;
  /** The entries holding files (`files/…`), by their name in the ZIP. */
  files: Set<string>;
  /** One file's bytes, streamed from the ZIP; the actual bytes are checked against the declared size. */
  open(name: string): Promise<Readable>;
  close(): void;
}

const refused = (detail: string) => new HttpError(422, `${detail}; nothing was restored`);

/** A name that stays inside the archive: relative, no `..`, no backslash or drive letter. */
export function safeEntryName(name: string): boolean {
  if (name.startsWith('/') || name.includes('\\') || /^[a-zA-Z]:/.test(name) || name.includes('\u0000')) {
    return false;
  }
  return !name.split('/').some((part) => part === '..');
}

function listEntries(zip: yauzl.ZipFile): Promise<Map<string, yauzl.Entry>> {
  const entries = new Map<string, yauzl.Entry>();
  return new Promise((resolve, reject) => {
    zip.on('entry', (entry: yauzl.Entry) => {
      if (entries.size >= MAX_ENTRIES) {
        reject(refused(`The export holds more than ${MAX_ENTRIES.toLocaleString('en')} entries`));
        return;
      }
      if (!entry.fileName.endsWith('/')) entries.set(entry.fileName, entry);
      zip.readEntry();
    });
    zip.on('end', () => resolve(entries));
    zip.on('error', reject);
    zip.readEntry();
  });
}

async function readManifest(zip: yauzl.ZipFile, entry: yauzl.Entry): Promise<unknown> {
  const stream = await zip.openReadStreamPromise(entry);
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  try {
    return JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(Buffer.concat(chunks)));
  } catch {
    throw refused('easio.json is not valid JSON');
  }
}

/**
 * Opens an Easio export saved to `file`: its entries listed from the ZIP's directory, checked (names
 * inside the archive, sizes, compression ratios) and `easio.json` read and validated before anything
 * is stored. Files are read later one by one, never the whole ZIP into memory. Answers a 422 for
 * anything that is not an export this server can restore.
 */
export async function openRestoreArchive(file: string, limits: RestoreLimits): Promise<RestoreArchive> {
  let zip: yauzl.ZipFile;
  try {
    zip = await yauzl.openPromise(file, {
      lazyEntries: true,
      autoClose: false,
      validateEntrySizes: true,
      // Names are checked below, with a message saying what is wrong.
      strictFileNames: false,
      decodeStrings: true,
    });
  } catch {
    throw refused('The file is not a ZIP that can be read (is it whole?)');
  }
  try {
    let entries: Map<string, yauzl.Entry>;
    try {
      entries = await listEntries(zip);
    } catch (error) {
      if (error instanceof HttpError) throw error;
      const message = error instanceof Error ? error.message : '';
      if (/relative path|absolute path/.test(message))
        throw refused('The export names a file outside itself');
      throw refused('The ZIP is damaged or cut short');
    }
    let total = 0;
    for (const entry of entries.values()) {
      if (!safeEntryName(entry.fileName))
        throw refused(`The export names a file outside itself (${entry.fileName.slice(0, 80)})`);
      total += entry.uncompressedSize;
      const ratio = entry.uncompressedSize / Math.max(entry.compressedSize, 1);
      if (entry.uncompressedSize > RATIO_FROM_BYTES && ratio > MAX_RATIO) {
        throw refused(
          `The export holds a file that unpacks to ${Math.round(ratio)} times its size (a ZIP bomb)`,
        );
      }
    }
    if (total > limits.maxTotalBytes) {
      throw refused(
        `The export unpacks to more than this server takes (${Math.round(limits.maxTotalBytes / 1024 ** 2)} MB)`,
      );
    }
    const manifestEntry = entries.get('easio.json');
    if (!manifestEntry) throw refused('The ZIP holds no easio.json: it is not an Easio export');
    if (manifestEntry.uncompressedSize > MAX_MANIFEST_BYTES)
      throw refused('easio.json is larger than an export’s can be');
    let raw: unknown;
    try {
      raw = await readManifest(zip, manifestEntry);
    } catch (error) {
      if (error instanceof HttpError) throw error;
      throw refused('easio.json is damaged or cut short');
    }
    const parsed = parseManifest(raw);
    if (!parsed.ok) throw refused(parsed.detail);
    const files = new Set([...entries.keys()].filter((name) => name.startsWith('files/')));
    return {
      manifest: parsed.manifest,
      files,
      async open(name) {
        const entry = entries.get(name);
        if (!entry || !files.has(name)) throw new Error('The file is not in the export');
        return zip.openReadStreamPromise(entry);
      },
      close: () => zip.close(),
    };
  } catch (error) {
    zip.close();
    throw error;
  }
}
