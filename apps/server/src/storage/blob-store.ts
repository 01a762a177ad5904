import type { Readable } from 'node:stream';

/** What a stored blob is, learnt while its bytes streamed in. */
export interface StoredBlob {
  /** Content-addressed and per owner: `${ownerId}/${sha256}`; never derived from a file name. */
  key: string;
  size: number;
  sha256: string;
  /** Sniffed from the bytes (the name only refines text subtypes); `application/octet-stream` if unknown. */
  mimeType: string;
}

export interface PutOptions {
  ownerId: string;
  /** Refuse (BlobTooLargeError) as soon as more bytes than this arrive; nothing is left behind. */
  maxBytes: number;
  /** The client's file name, used only to tell text subtypes apart (markdown, csv…). */
  nameHint?: string;
}

export interface ByteRange {
  /** Inclusive, as in HTTP `Range: bytes=start-end`. */
  start: number;
  end: number;
}

/**
 * Where file bytes live: a local directory or S3. Writes stream through (never held whole in memory),
 * land under a temporary name and become visible only when complete, so an upload cut off midway
 * leaves nothing.
 */
export interface BlobStore {
  put(body: Readable, options: PutOptions): Promise<StoredBlob>;
  /** Stores bytes under an exact key (thumbnails: `${ownerId}/thumbs/${objectId}.webp`). */
  putAt(key: string, body: Buffer, mimeType: string): Promise<void>;
  /** The bytes of `key`, or of `range` within it. Throws BlobNotFoundError when absent. */
  get(key: string, range?: ByteRange): Promise<Readable>;
  /** Size in bytes, or null when absent. */
  size(key: string): Promise<number | null>;
  /** Removes `key`; absent keys are fine. */
  delete(key: string): Promise<void>;
  /**
   * Every key with its last-modified time, for the orphan sweep. Also yields temporary upload entries
   * (`.tmp/<uuid>`) once nothing has written to them for an hour: they belong to dead uploads, no object
   * references them, and `delete` removes them like any other key.
   */
  list(): AsyncIterable<{ key: string; modifiedAt: Date }>;
  /** Frees clients and handles. */
  close(): Promise<void>;
}

export class BlobTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`The file is larger than ${maxBytes} bytes`);
  }
}

export class BlobNotFoundError extends Error {
  constructor(readonly key: string) {
    super(`No blob ${key}`);
  }
}
