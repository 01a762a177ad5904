import { mkdir, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { type EngineItem, syntheticCorpus } from '@easio/engine';
import sharp from 'sharp';
import { minimalPdf } from './minimal-pdf.js';

export type Flavour = 'tuning' | 'holdout';

/** A name safe on every file system: no separators or control characters, not too long. */
export function safeFileName(name: string): string {
  const clean = name
    .replace(/[/\\:*?"<>|\p{Cc}]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\.+/, '');
  return (clean || 'untitled').slice(0, 100);
}

const withExtension = (name: string, ext: string) =>
  name.toLowerCase().endsWith(ext) ? name : `${name}${ext}`;

function eml(item: EngineItem): string {
  const date = new Date(item.date ?? 0).toUTCString();
  const from = item.email?.from ?? 'someone@example.com';
  return [
    `From: ${from}`,
    'To: me@example.com',
    `Subject: ${item.email?.subject ?? item.name}`,
    `Date: ${date}`,
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
    '',
    item.text ?? '',
  ].join('\r\n');
}

/** A small photo carrying its caption and camera words in EXIF, as a phone's gallery would. */
async function photo(item: EngineItem): Promise<Buffer> {
  return sharp({ create: { width: 16, height: 12, channels: 3, background: { r: 90, g: 140, b: 200 } } })
    .jpeg()
    .withExif({ IFD0: { ImageDescription: (item.text ?? item.name).slice(0, 500) } })
    .toBuffer();
}

/** The file an item of the synthetic desk would be, with its name and bytes. */
async function fileOf(item: EngineItem): Promise<{ name: string; bytes: Buffer | string }> {
  const name = safeFileName(item.name);
  switch (item.kind) {
    case 'email_object':
      return { name: withExtension(name, '.eml'), bytes: eml(item) };
    case 'url_object':
      return {
        name: `${name}.url`,
        bytes: `[InternetShortcut]\r\nURL=${item.url ?? 'https://example.com/'}\r\n`,
      };
    case 'file_object':
      if (item.mimeType?.startsWith('image/'))
        return { name: withExtension(name, '.jpg'), bytes: await photo(item) };
      if (item.mimeType === 'application/pdf' || name.toLowerCase().endsWith('.pdf')) {
        return { name: withExtension(name, '.pdf'), bytes: minimalPdf(item.text ?? item.name) };
      }
      return { name: withExtension(name, '.txt'), bytes: item.text ?? item.name };
    default:
      // Notes and events as the text files people keep them in.
      return { name: withExtension(name, '.txt'), bytes: `${item.name}\n\n${item.text ?? ''}` };
  }
}

/**
 * Writes the engine's synthetic desk for `seed` as `dir/<drawer>/<binder>/<files>`: invoices and
 * statements as PDFs, letters and notes as text, links as shortcuts, photos as JPEGs with EXIF, mails
 * as .eml; each file dated as its item. Answers how many files and binders were written.
 */
export async function writeSyntheticCorpus(
  dir: string,
  { seed, flavour }: { seed: number; flavour: Flavour },
): Promise<{ files: number; binders: number }> {
  const binders = syntheticCorpus({ seed, flavour });
  let files = 0;
  for (const b of binders) {
    const folder = path.join(dir, safeFileName(b.drawer), safeFileName(b.binder));
    await mkdir(folder, { recursive: true });
    const used = new Set<string>();
    for (const item of b.items) {
      const { name, bytes } = await fileOf(item);
      let unique = name;
      for (let n = 2; used.has(unique.toLowerCase()); n += 1) {
        const ext = path.extname(name);
        unique = `${name.slice(0, name.length - ext.length)} (${n})${ext}`;
      }
      used.add(unique.toLowerCase());
      const file = path.join(folder, unique);
      await writeFile(file, bytes);
      const when = new Date(item.date ?? Date.UTC(2024, 0, 1));
      await utimes(file, when, when);
      files += 1;
    }
  }
  return { files, binders: binders.length };
}
