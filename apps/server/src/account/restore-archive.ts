import type { Readable } from 'node:stream';
import { HttpError } from '../http/http-error.js';
import { type CheckedZip, openCheckedZip, type ZipRefusal, ZipRefused } from '../storage/checked-zip.js';
import { type ExportManifest, parseManifest } from './restore-manifest.js';

/** `easio.json` is parsed whole: 10,000 items are a few megabytes; this is far beyond any desk. */
export const MAX_MANIFEST_BYTES = 256 * 1024 * 1024;
/** Entries one export may hold (its files and `easio.json`). */
export const MAX_ENTRIES = 500_000;

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

function refusal(reason: ZipRefusal): HttpError {
  switch (reason.kind) {
    case 'unreadable':
      return refused('The file is not a ZIP that can be read, or it is damaged or cut short');
    case 'outside':
      return refused(`The export names a file outside itself (${reason.name.slice(0, 80)})`);
    case 'too-many':
      return refused(`The export holds more than ${reason.max.toLocaleString('en')} entries`);
    case 'too-large':
      return refused(
        `The export unpacks to more than this server takes (${Math.round(reason.maxBytes / 1024 ** 2)} MB)`,
      );
    case 'bomb':
      return refused(
        `The export holds a file that unpacks to ${Math.round(reason.ratio)} times its size (a ZIP bomb)`,
      );
  }
}

async function readManifest(stream: Readable): Promise<unknown> {
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
export async function openRestoreArchive(
  file: string,
  limits: RestoreLimits,
  pace: () => Promise<void> = async () => {},
): Promise<RestoreArchive> {
  let zip: CheckedZip;
  try {
    zip = await openCheckedZip(file, { maxTotalBytes: limits.maxTotalBytes, maxEntries: MAX_ENTRIES });
  } catch (error) {
    throw error instanceof ZipRefused ? refusal(error.refusal) : error;
  }
  try {
    const manifestEntry = zip.entries.get('easio.json');
    if (!manifestEntry) throw refused('The ZIP holds no easio.json: it is not an Easio export');
    if (manifestEntry.uncompressedSize > MAX_MANIFEST_BYTES)
      throw refused('easio.json is larger than an export’s can be');
    let raw: unknown;
    try {
      raw = await readManifest(await zip.open(manifestEntry));
    } catch (error) {
      if (error instanceof HttpError) throw error;
      throw refused('easio.json is damaged or cut short');
    }
    const parsed = await parseManifest(raw, pace);
    if (!parsed.ok) throw refused(parsed.detail);
    const files = new Set([...zip.entries.keys()].filter((name) => name.startsWith('files/')));
    return {
      manifest: parsed.manifest,
      files,
      async open(name) {
        const entry = zip.entries.get(name);
        if (!entry || !files.has(name)) throw new Error('The file is not in the export');
        return zip.open(entry);
      },
      close: () => zip.close(),
    };
  } catch (error) {
    zip.close();
    throw error;
  }
}
