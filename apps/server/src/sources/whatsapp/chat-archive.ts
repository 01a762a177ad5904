import { createReadStream, createWriteStream } from 'node:fs';
import { open, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import yauzl from 'yauzl';
import { HttpError } from '../../http/http-error.js';
import { tempFilePath } from '../../storage/temp-files.js';

/** The chat's text is read whole: a chat of years is a few megabytes; more is not a chat export. */
export const MAX_CHAT_TEXT_BYTES = 50 * 1024 * 1024;

export interface ChatArchive {
  /** The chat's text (`_chat.txt` or `WhatsApp Chat with ….txt`). */
  text: string;
  /** Files in the export (a `.zip` with media), by name. */
  files: Set<string>;
  /** A file's bytes, streamed; its declared size is checked against the limit and the actual bytes against the declared. */
  open(name: string): Promise<Readable>;
  close(): Promise<void>;
}

const isChatText = (name: string) => /(^|\/)(_chat|WhatsApp Chat[^/]*|[^/]*)\.txt$/i.test(name);

/**
 * Opens an uploaded chat export: a `.txt` as is, or a `.zip` (the chat text and its media). Zips are read
 * entry by entry from a temporary copy; any entry declaring more than `maxEntryBytes` (a zip bomb) refuses
 * the whole export before anything is stored.
 */
export async function openChatArchive(body: Readable, maxEntryBytes: number): Promise<ChatArchive> {
  const file = await tempFilePath('chat');
  await pipeline(body, createWriteStream(file, { mode: 0o600 }));
  const cleanup = () => rm(file, { force: true });
  try {
    const head = Buffer.alloc(4);
    const handle = await open(file);
    await handle.read(head, 0, 4, 0).finally(() => handle.close());
    if (head.toString('latin1') !== 'PK\u0003\u0004') {
      const text = await readText(createReadStream(file));
      await cleanup();
      return {
        text,
        files: new Set(),
        open: async () => Promise.reject(new Error('not in the export')),
        close: async () => {},
      };
    }
    const zip = await yauzl.openPromise(file, {
      lazyEntries: true,
      autoClose: false,
      validateEntrySizes: true,
      strictFileNames: false,
    });
    const entries = new Map<string, yauzl.Entry>();
    await new Promise<void>((resolve, reject) => {
      zip.on('entry', (entry: yauzl.Entry) => {
        if (!entry.fileName.endsWith('/')) entries.set(entry.fileName, entry);
        zip.readEntry();
      });
      zip.on('end', resolve);
      zip.on('error', reject);
      zip.readEntry();
    });
    const oversized = [...entries.values()].find((e) => e.uncompressedSize > maxEntryBytes);
    if (oversized) {
      zip.close();
      throw new HttpError(
        422,
        `The export holds a file larger than this server accepts (${oversized.fileName}); nothing was imported`,
      );
    }
    const chat = [...entries.keys()].find(isChatText);
    if (!chat) {
      zip.close();
      throw new HttpError(422, 'The ZIP holds no WhatsApp chat (_chat.txt)');
    }
    const chatEntry = entries.get(chat) as yauzl.Entry;
    if (chatEntry.uncompressedSize > MAX_CHAT_TEXT_BYTES) {
      zip.close();
      throw new HttpError(422, 'The chat text is larger than a chat export can be');
    }
    const text = await readText(await zip.openReadStreamPromise(chatEntry));
    const byBase = new Map([...entries].map(([name, entry]) => [path.posix.basename(name), entry]));
    return {
      text,
      files: new Set(byBase.keys()),
      async open(name) {
        const entry = byBase.get(name);
        if (!entry) throw new Error(`${name} is not in the export`);
        return zip.openReadStreamPromise(entry);
      },
      async close() {
        zip.close();
        await cleanup();
      },
    };
  } catch (error) {
    await cleanup();
    if (error instanceof HttpError) throw error;
    throw new HttpError(422, 'The file is not a WhatsApp chat export (.txt or .zip) that can be read');
  }
}

async function readText(stream: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    size += (chunk as Buffer).length;
    if (size > MAX_CHAT_TEXT_BYTES) {
      stream.destroy();
      throw new HttpError(422, 'The chat text is larger than a chat export can be');
    }
    chunks.push(chunk as Buffer);
  }
  return new TextDecoder('utf-8').decode(Buffer.concat(chunks));
}
