import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import {
  BlobNotFoundError,
  type BlobStore,
  BlobTooLargeError,
  type ByteRange,
  type PutOptions,
  type StoredBlob,
} from '../storage/blob-store.js';

/**
 * A BlobStore in a Map, for tests of code that uses one (the real stores have their own tests). It
 * does not sniff: `put` records `application/octet-stream`.
 */
export class MemoryBlobStore implements BlobStore {
  readonly blobs = new Map<string, { bytes: Buffer; mimeType: string; modifiedAt: Date }>();

  async put(body: Readable, options: PutOptions): Promise<StoredBlob> {
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of body) {
      const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
      size += bytes.length;
      if (size > options.maxBytes) throw new BlobTooLargeError(options.maxBytes);
      chunks.push(bytes);
    }
    const bytes = Buffer.concat(chunks, size);
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    const stored = {
      key: `${options.ownerId}/${sha256}`,
      size,
      sha256,
      mimeType: 'application/octet-stream',
    };
    this.blobs.set(stored.key, { bytes, mimeType: stored.mimeType, modifiedAt: new Date() });
    return stored;
  }

  async putAt(key: string, body: Buffer, mimeType: string): Promise<void> {
    this.blobs.set(key, { bytes: Buffer.from(body), mimeType, modifiedAt: new Date() });
  }

  async get(key: string, range?: ByteRange): Promise<Readable> {
    const blob = this.blobs.get(key);
    if (!blob) throw new BlobNotFoundError(key);
    const bytes = range ? blob.bytes.subarray(range.start, range.end + 1) : blob.bytes;
    // In chunks, as a real store streams them.
    const chunks = Array.from({ length: Math.ceil(bytes.length / 65_536) }, (_, i) =>
      bytes.subarray(i * 65_536, (i + 1) * 65_536),
    );
    return Readable.from(chunks);
  }

  async size(key: string): Promise<number | null> {
    return this.blobs.get(key)?.bytes.length ?? null;
  }

  async delete(key: string): Promise<void> {
    this.blobs.delete(key);
  }

  async *list(): AsyncIterable<{ key: string; modifiedAt: Date }> {
    for (const [key, { modifiedAt }] of this.blobs) yield { key, modifiedAt };
  }

  async close(): Promise<void> {}
}
