import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { type EngineItem, type LabeledItem, MAX_TEXT_CHARS } from '@easio/engine';
import { readPhotoFacts } from '../../processing/exif.js';
import { extractsText, extractText } from '../../processing/extract-text.js';
import { baseMimeType, PHOTO_TYPES } from '../../processing/mime.js';
import { parseRawMessage } from '../../sources/mail/mail-message.js';
import { SNIFF_BYTES, sniffMimeType } from '../../storage/sniff.js';

export interface ReadCorpusOptions {
  /** Files larger than this are skipped (and reported), as an upload over the limit would be. */
  maxFileBytes?: number;
  /** Told of every file left out, with the reason. */
  onSkip?: (file: string, reason: string) => void;
}

const DEFAULT_MAX_BYTES = 25 * 1024 * 1024;
const hidden = (name: string) => name.startsWith('.');

async function directories(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  return entries
    .filter((e) => e.isDirectory() && !hidden(e.name))
    .map((e) => e.name)
    .sort();
}

/** Every file below `dir` (sub-folders of a binder belong to that binder), sorted, hidden ones left out. */
async function filesBelow(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter(
      (e) => e.isFile() && !path.relative(dir, path.join(e.parentPath, e.name)).split(path.sep).some(hidden),
    )
    .map((e) => path.join(e.parentPath, e.name))
    .sort();
}

/** A Windows internet shortcut (`[InternetShortcut]` with `URL=`): the address it points at. */
export function shortcutUrl(text: string): string | null {
  const match = /^URL=(https?:\/\/\S+)\s*$/im.exec(text);
  return match?.[1] ?? null;
}

/** An e-mail as the desk holds one it imported: named by its subject, its body the text, its headers kept. */
async function emailItem(bytes: Buffer, id: string, fileDate: number): Promise<EngineItem> {
  const mail = await parseRawMessage(bytes);
  return {
    id,
    kind: 'email_object',
    name: mail.subject || '(no subject)',
    source: 'mail',
    mimeType: 'message/rfc822',
    text: mail.text.slice(0, MAX_TEXT_CHARS),
    email: { from: mail.from, to: [mail.to, mail.cc].filter(Boolean).join(', '), subject: mail.subject },
    date: mail.date?.getTime() ?? fileDate,
    ownDate: true,
  };
}

/**
 * One file as the desk would hold it after an upload and its processing: named as uploaded, typed
 * from its bytes, its text extracted by the product's own extractor (a photo's: its EXIF caption),
 * cut where the engine cuts, dated by its modification time. A `.url` shortcut becomes a link, as
 * saving that address would make one; an e-mail (`.eml`) an e-mail, as importing it would.
 */
export async function itemFromFile(file: string, id: string): Promise<EngineItem> {
  const bytes = await readFile(file);
  const name = path.basename(file);
  const date = (await stat(file)).mtimeMs;
  if (name.toLowerCase().endsWith('.url')) {
    const url = shortcutUrl(bytes.toString('utf8'));
    if (url) return { id, kind: 'url_object', name: name.slice(0, -4), source: 'easio', url, date };
  }
  const mimeType = await sniffMimeType(bytes.subarray(0, SNIFF_BYTES), name);
  if (baseMimeType(mimeType) === 'message/rfc822') {
    try {
      return await emailItem(bytes, id, date);
    } catch {
      // Not readable as mail after all: kept as the file it is, as an upload would be.
    }
  }
  let text: string | null = null;
  if (extractsText(mimeType)) {
    try {
      text = (await extractText(bytes, mimeType))?.slice(0, MAX_TEXT_CHARS) ?? null;
    } catch {
      // A damaged file stays on the desk without text, as it does in the product.
    }
  } else if (PHOTO_TYPES.has(baseMimeType(mimeType))) {
    text = (await readPhotoFacts(bytes))?.caption ?? null;
  }
  return { id, kind: 'file_object', name, source: 'easio', mimeType, text, date };
}

/**
 * Reads `dir/<drawer>/<binder>/<files>` as a labelled corpus: each file is an item whose true place
 * is its drawer and binder. Files lying directly in `dir` or in a drawer have no binder and are skipped.
 */
export async function readCorpus(dir: string, options: ReadCorpusOptions = {}): Promise<LabeledItem[]> {
  const max = options.maxFileBytes ?? DEFAULT_MAX_BYTES;
  const corpus: LabeledItem[] = [];
  for (const drawer of await directories(dir)) {
    for (const binder of await directories(path.join(dir, drawer))) {
      for (const file of await filesBelow(path.join(dir, drawer, binder))) {
        const size = (await stat(file)).size;
        if (size > max) {
          options.onSkip?.(file, `larger than ${Math.round(max / 1024 / 1024)} MB`);
          continue;
        }
        const item = await itemFromFile(file, `f${corpus.length + 1}`);
        corpus.push({ item, drawer, binder });
      }
    }
  }
  return corpus;
}
