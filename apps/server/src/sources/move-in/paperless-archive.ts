import { createHash } from 'node:crypto';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type yauzl from 'yauzl';
import { type CheckedZip, openCheckedZip, type ZipRefusal, ZipRefused } from '../../storage/checked-zip.js';
import { pacer } from '../imports/pace.js';
import { eachJsonElement, NotJson } from '../imports/paced-json.js';
import { MoveInError } from './moved-in.js';

/** The manifest is read whole: 200 MB holds the text of a hundred thousand OCR'd documents. */
export const MAX_MANIFEST_BYTES = 200 * 1024 * 1024;

export interface ArchiveLimits {
  /** The most all entries together may unpack to. */
  maxTotalBytes: number;
  maxManifestBytes?: number;
  /** Called between slices of the manifest's parsing (a pacer by default). */
  pace?: () => Promise<void>;
}

/** An export folder zipped: its files by their path from the manifest's folder. */
export interface PaperlessArchive {
  has(name: string): boolean;
  size(name: string): number;
  open(name: string): Promise<Readable>;
  /** The md5 of an entry's bytes, read through (its actual size checked against the declared one). */
  md5(name: string): Promise<string>;
  close(): void;
}

const not = (why: string) => new MoveInError(`This is not a Paperless-ngx export that can be read: ${why}`);

function refusal(reason: ZipRefusal): MoveInError {
  switch (reason.kind) {
    case 'unreadable':
      return not('the ZIP is damaged or incomplete');
    case 'outside':
      return not(`the entry “${reason.name.slice(0, 200)}” points outside the export`);
    case 'too-many':
      return not(`it holds more than ${reason.max} entries`);
    case 'too-large':
      return not(`it unpacks to more than ${Math.round(reason.maxBytes / (1024 * 1024))} MB`);
    case 'bomb':
      return not(`the entry “${reason.name.slice(0, 200)}” inflates like a ZIP bomb`);
  }
}

/** The stream's chunks, refused once they pass `max` bytes in all. */
async function* atMost(stream: Readable, max: number, what: string): AsyncIterable<Uint8Array> {
  let size = 0;
  for await (const chunk of stream) {
    size += (chunk as Buffer).length;
    if (size > max) {
      stream.destroy();
      throw not(`${what} is larger than ${Math.round(max / (1024 * 1024))} MB`);
    }
    yield chunk as Buffer;
  }
}

/**
 * Opens a zipped `document_exporter` folder from a file on disk, reading only its directory and its
 * manifest(s): `manifest.json` (the folder may be zipped with its own name around it), and the per-document
 * `*-manifest.json` of `--split-manifest`. Refused whole, before anything is read further, when the ZIP is
 * damaged, an entry's name leaves the folder, the entries unpack to more than the limit or one inflates
 * like a bomb, or the manifest is missing, too large or not JSON. Each record goes to `onRecord` as it is
 * parsed (which throws to refuse the export).
 */
export async function openPaperlessArchive(
  file: string,
  limits: ArchiveLimits,
  onRecord: (record: unknown) => void,
): Promise<PaperlessArchive> {
  const maxManifest = limits.maxManifestBytes ?? MAX_MANIFEST_BYTES;
  let zip: CheckedZip;
  try {
    zip = await openCheckedZip(file, { maxTotalBytes: limits.maxTotalBytes });
  } catch (error) {
    throw error instanceof ZipRefused ? refusal(error.refusal) : error;
  }
  try {
    const { entries } = zip;
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
      return zip.open(entry);
    };
    const pace = limits.pace ?? pacer();
    let manifestBytes = 0;
    const split = [...inFolder.keys()].filter((n) => n !== 'manifest.json' && n.endsWith('-manifest.json'));
    for (const name of ['manifest.json', ...split]) {
      manifestBytes += inFolder.get(name)?.uncompressedSize ?? 0;
      if (manifestBytes > maxManifest) {
        throw not(`its manifest is larger than ${Math.round(maxManifest / (1024 * 1024))} MB`);
      }
      try {
        // Parsed as it unpacks, a slice at a time, each record handed over as it completes.
        await eachJsonElement(atMost(await read(name), maxManifest, name), onRecord, pace);
      } catch (error) {
        if (error instanceof MoveInError) throw error;
        if (error instanceof NotJson)
          throw not(`${name} is not ${error.notAList ? 'a list of records' : 'valid JSON'}`);
        throw not(`${name} cannot be unpacked`);
      }
    }
    return {
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
