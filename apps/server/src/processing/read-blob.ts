import type { BlobStore } from '../storage/blob-store.js';

/** All the bytes of `key`, or an error once more than `maxBytes` arrive (never holds more than that). */
export async function readBlob(blobs: BlobStore, key: string, maxBytes: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  const stream = await blobs.get(key);
  for await (const chunk of stream) {
    const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
    size += bytes.length;
    if (size > maxBytes) {
      stream.destroy();
      throw new Error(`The file is larger than ${maxBytes} bytes`);
    }
    chunks.push(bytes);
  }
  return Buffer.concat(chunks, size);
}
