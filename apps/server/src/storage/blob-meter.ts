import { createHash } from 'node:crypto';
import { Transform, type TransformCallback } from 'node:stream';
import { BlobTooLargeError } from './blob-store.js';
import { SNIFF_BYTES } from './sniff.js';

/**
 * Passes bytes through while hashing (sha256), counting and keeping the first SNIFF_BYTES for the type
 * sniff. Fails with BlobTooLargeError on the chunk that crosses maxBytes; in a pipeline that destroys the
 * source too, so the client stops sending.
 */
export class BlobMeter extends Transform {
  readonly #maxBytes: number;
  readonly #hash = createHash('sha256');
  readonly #head: Buffer[] = [];
  #headLength = 0;
  #size = 0;
  #tooLarge = false;

  constructor(maxBytes: number) {
    super();
    this.#maxBytes = maxBytes;
  }

  /** True once more than maxBytes arrived; whatever error surfaces elsewhere, this is the cause. */
  get tooLarge(): boolean {
    return this.#tooLarge;
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.#size += chunk.length;
    if (this.#size > this.#maxBytes) {
      this.#tooLarge = true;
      callback(new BlobTooLargeError(this.#maxBytes));
      return;
    }
    this.#hash.update(chunk);
    if (this.#headLength < SNIFF_BYTES) {
      const part = chunk.subarray(0, SNIFF_BYTES - this.#headLength);
      // Copied: the source may reuse its buffer once the chunk has been handed on.
      this.#head.push(Buffer.from(part));
      this.#headLength += part.length;
    }
    callback(null, chunk);
  }

  /** Call once the stream has finished. */
  result(): { size: number; sha256: string; head: Buffer } {
    return { size: this.#size, sha256: this.#hash.digest('hex'), head: Buffer.concat(this.#head) };
  }
}
