import { createHash } from 'node:crypto';
import path from 'node:path';
import type { Readable } from 'node:stream';
import yauzl from 'yauzl';
import { MoveInError } from './moved-in.js';

/** The manifest is read whole: 200 MB holds the text of a hundred thousand OCR'd documents. */
export const MAX_MANIFEST_BYTES = 200 * 1024 * 1024;
/** An entry inflating more than this many times its packed size is a bomb: real documents don't. */
export const MAX_RATIO = 200;
/** Below this size, any ratio is fine (a page of blanks packs a thousand to one). */
const RATIO_FREE_BYTES = 1024 * 1024;

export interface ArchiveLimits {
  /** The most all entries together may unpack to. */
  maxTotalBytes: number;
  maxManifestBytes?: number;
}

/** An export folder zipped: its manifest records, and its files by their path from the manifest's folder. */
export interface PaperlessArchive {
  records: unknown[];
  has(name: string): boolean;
  size(name: string): number;
  open(name: string): Promise<Readable>;
  /** The md5 of an entry's bytes, read through (its actual size checked against the declared one). */
  md5(name: string): Promise<string>;
  close(): void;
}

const not = (why: string) => new MoveInError(`This is not a Paperless-ngx export that can be read: ${why}`);

/** A name that would land outside the export folder once unpacked: absolute, a drive, or climbing up. */
function escapes(name: string): boolean {
  const slashed = name.replaceAll('\\', '/');
  return slashed.startsWith('/') || /^[a-z]:/i.test(slashed) || slashed.split('/').includes('..');
}

async function readAll(stream: Readable, max: number, what: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    size += (chunk as Buffer).length;
    if (size > max) {
      stream.destroy();
      throw not(`${what} is larger than ${Math.round(max / (1024 * 1024))} MB`);
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

function parseManifest(bytes: Buffer, name: string): unknown[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(bytes.toString('utf8').replace(/^\uFEFF/, ''));
  } catch {
    throw not(`${name} is not valid JSON`);
  }
  if (!Array.isArray(parsed)) throw not(`${name} is not a list of records`);
  return parsed;
}

/**
 * Opens a zipped `document_exporter` folder from a file on disk, reading only its directory and its
 * manifest(s): `manifest.json` (the folder may be zipped with its own name around it), and the per-document
 * `*-manifest.json` of `--split-manifest`. Refused whole, before anything is read further, when the ZIP is
 * damaged, an entry's name leaves the folder, the entries unpack to more than the limit or one inflates
 * like a bomb, or the manifest is missing, too large or not JSON.
 */
export async function openPaperlessArchive(file: string, limits: ArchiveLimits): Promise<PaperlessArchive> {
  const maxManifest = limits.maxManifestBytes ?? MAX_MANIFEST_BYTES;
  let zip: yauzl.ZipFile;
  try {
    zip = await yauzl.openPromise(file, {
      lazyEntries: true,
      autoClose: false,
      validateEntrySizes: true,
      strictFileNames: false,
    });
  } catch {
    throw not('the ZIP is damaged or incomplete');
  }
  try {
    const entries = new Map<string, yauzl.Entry>();
    let total = 0;
    await new Promise<void>((resolve, reject) => {
      zip.on('entry', (entry: yauzl.Entry) => {
        const name = entry.fileName;
        if (escapes(name)) return reject(not(`the entry “${name.slice(0, 200)}” points outside the export`));
        if (!name.endsWith('/')) {
          total += entry.uncompressedSize;
          if (total > limits.maxTotalBytes) {
            return reject(
              not(`it unpacks to more than ${Math.round(limits.maxTotalBytes / (1024 * 1024))} MB`),
            );
          }
          if (
            entry.uncompressedSize > RATIO_FREE_BYTES &&
            entry.uncompressedSize > MAX_RATIO * Math.max(entry.compressedSize, 1)
          ) {
            return reject(not(`the entry “${name.slice(0, 200)}” inflates like a ZIP bomb`));
          }
          entries.set(name, entry);
        }
        zip.readEntry();
      });
      zip.on('end', resolve);
      zip.on('error', (error: Error) => {
        // yauzl checks each entry's name itself, and stops at one that would leave the folder.
        const named = /^(?:absolute path|invalid relative path): (.*)$/s.exec(error.message);
        reject(
          named
            ? not(`the entry “${(named[1] ?? '').slice(0, 200)}” points outside the export`)
            : not('the ZIP is damaged or incomplete'),
        );
      });
      zip.readEntry();
    });
    const manifests = [...entries.keys()].filter((n) => path.posix.basename(n) === 'manifest.json');
    const root = manifests.sort((a, b) => a.split('/').length - b.split('/').length)[0];
    if (root === undefined) throw not('it holds no manifest.json');
    const base = root.slice(0, root.length - 'manifest.json'.length);
    const inFolder = new Map<string, yauzl.Entry>();
    for (const [name, entry] of entries)
      if (name.startsWith(base)) inFolder.set(name.slice(base.length), entry);

    const read = async (name: string): Promise<Readable> => {
      const entry = inFolder.get(name);
      if (!entry) throw new Error(`${name} is not in the export`);
      return zip.openReadStreamPromise(entry);
    };
    const records: unknown[] = [];
    let manifestBytes = 0;
    const split = [...inFolder.keys()].filter((n) => n !== 'manifest.json' && n.endsWith('-manifest.json'));
    for (const name of ['manifest.json', ...split]) {
      manifestBytes += inFolder.get(name)?.uncompressedSize ?? 0;
      if (manifestBytes > maxManifest) {
        throw not(`its manifest is larger than ${Math.round(maxManifest / (1024 * 1024))} MB`);
      }
      let bytes: Buffer;
      try {
        bytes = await readAll(await read(name), maxManifest, name);
      } catch (error) {
        if (error instanceof MoveInError) throw error;
        throw not(`${name} cannot be unpacked`);
      }
      records.push(...parseManifest(bytes, name));
    }
    return {
      records,
      has: (name) => inFolder.has(name),
      size: (name) => inFolder.get(name)?.uncompressedSize ?? 0,
      open: read,
      async md5(name) {
        const hash = createHash('md5');
        for await (const chunk of await read(name)) hash.update(chunk as Buffer);
        return hash.digest('hex');
      },
      close: () => zip.close(),
    };
  } catch (error) {
    zip.close();
    throw error;
  }
}
