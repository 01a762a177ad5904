import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  paginateListObjectsV2,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { BlobMeter } from './blob-meter.js';
import {
  BlobNotFoundError,
  type BlobStore,
  BlobTooLargeError,
  type ByteRange,
  type PutOptions,
  type StoredBlob,
} from './blob-store.js';
import { copyObject } from './s3-copy.js';
import { sniffMimeType } from './sniff.js';
import { STALE_TEMP_MS, TEMP_DIR } from './temp.js';
import {
  assertValidKey,
  assertValidMaxBytes,
  assertValidOwnerId,
  assertValidRange,
  assertWritableKey,
} from './validate.js';

export interface S3BlobStoreOptions {
  bucket: string;
  /** Key prefix inside the bucket (`easio` or `easio/`); blobs live at `<prefix>/<key>`. */
  prefix?: string;
  /** For S3-compatible services; omitted for AWS. */
  endpoint?: string;
  region: string;
  forcePathStyle: boolean;
  /** Omitted: the SDK's default chain (AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY, profiles, roles). */
  credentials?: { accessKeyId: string; secretAccessKey: string; sessionToken?: string };
}

const MIN_PART_BYTES = 5 * 1024 * 1024;
const MAX_PARTS = 10_000;
/** Parts uploaded at once; memory held is about (queue + 1) × part size. */
const QUEUE_SIZE = 4;

/**
 * Blobs as S3 objects at `<prefix><key>`. An upload streams (multipart) to `<prefix>.tmp/<uuid>`, is then
 * copied server-side to its content-addressed key with the sniffed Content-Type, and the temporary
 * object is deleted. Objects above 5 GiB are copied in parts.
 */
export function createS3BlobStore(options: S3BlobStoreOptions): BlobStore {
  const { bucket, region, forcePathStyle, endpoint, credentials } = options;
  const prefix = normalizePrefix(options.prefix);
  // Third-party S3 servers (s3rver, older MinIO, Garage…) reject the SDK's default CRC32 trailers; our
  // own sha256 guards the content anyway, so checksums are sent only where the API requires them.
  const checksums = endpoint ? 'WHEN_REQUIRED' : 'WHEN_SUPPORTED';
  const client = new S3Client({
    region,
    forcePathStyle,
    ...(endpoint ? { endpoint } : {}),
    ...(credentials ? { credentials } : {}),
    requestChecksumCalculation: checksums,
    responseChecksumValidation: checksums,
  });
  const objectKey = (key: string) => {
    assertValidKey(key);
    return `${prefix}${key}`;
  };

  async function head(key: string): Promise<number | null> {
    try {
      const out = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: objectKey(key) }));
      return out.ContentLength ?? 0;
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  /** Streams `body` to a temporary object, resolving once both the reading and the upload have ended. */
  async function upload(body: Readable, meter: BlobMeter, tempKey: string, maxBytes: number): Promise<void> {
    const partSize = Math.max(MIN_PART_BYTES, Math.ceil(maxBytes / MAX_PARTS));
    const transfer = new Upload({
      client,
      params: { Bucket: bucket, Key: tempKey, Body: meter },
      partSize,
      queueSize: QUEUE_SIZE,
    });
    const [read, sent] = await Promise.allSettled([
      pipeline(body, meter),
      transfer.done().catch((error: unknown) => {
        // Nobody drains the meter any more: end the reading side too, or it waits forever.
        meter.destroy(error instanceof Error ? error : new Error(String(error)));
        throw error;
      }),
    ]);
    // Too large wins over whatever else failed on the way (an aborted part, a refused abort…).
    if (meter.tooLarge) throw new BlobTooLargeError(maxBytes);
    if (read.status === 'rejected') throw read.reason;
    if (sent.status === 'rejected') throw sent.reason;
  }

  return {
    async put(body: Readable, { ownerId, maxBytes, nameHint }: PutOptions): Promise<StoredBlob> {
      assertValidOwnerId(ownerId);
      assertValidMaxBytes(maxBytes);
      const tempKey = `${prefix}${TEMP_DIR}/${randomUUID()}`;
      const meter = new BlobMeter(maxBytes);
      try {
        // A failed multipart upload is aborted by lib-storage and never becomes an object.
        await upload(body, meter, tempKey, maxBytes);
        const { size, sha256, head: firstBytes } = meter.result();
        const mimeType = await sniffMimeType(firstBytes, nameHint);
        const key = `${ownerId}/${sha256}`;
        // Copied even when the key exists (same bytes): that refreshes its LastModified, so the orphan
        // sweep's grace period covers this upload too even if the object had been an orphan for a while.
        await copyObject(client, { bucket, from: tempKey, to: objectKey(key), size, contentType: mimeType });
        return { key, size, sha256, mimeType };
      } finally {
        // Usually exists only after a complete upload; a delete that fails leaves it for the orphan sweep.
        await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: tempKey })).catch(() => undefined);
      }
    },

    async putAt(key: string, body: Buffer, mimeType: string): Promise<void> {
      assertWritableKey(key);
      await client.send(
        new PutObjectCommand({ Bucket: bucket, Key: objectKey(key), Body: body, ContentType: mimeType }),
      );
    },

    async get(key: string, range?: ByteRange): Promise<Readable> {
      if (range) assertValidRange(range);
      try {
        const out = await client.send(
          new GetObjectCommand({
            Bucket: bucket,
            Key: objectKey(key),
            ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
          }),
        );
        if (!(out.Body instanceof Readable)) throw new Error(`S3 answered ${key} without a readable body`);
        if (!range) return out.Body;
        if (!out.ContentRange?.startsWith(`bytes ${range.start}-`)) {
          out.Body.destroy();
          throw new Error(
            `S3 ignored the byte range asked of ${key}: ${out.ContentRange ?? 'no Content-Range'}`,
          );
        }
        // Never more than asked: s3rver, for one, answers `bytes=0-0` with the whole object.
        const wanted = range.end - range.start + 1;
        return (out.ContentLength ?? 0) > wanted ? firstBytes(out.Body, wanted) : out.Body;
      } catch (error) {
        if (isNotFound(error)) throw new BlobNotFoundError(key);
        if (error instanceof S3ServiceException && error.name === 'InvalidRange' && range) {
          throw new RangeError(`Range ${range.start}-${range.end} starts past the end of ${key}`);
        }
        throw error;
      }
    },

    size: head,

    async delete(key: string): Promise<void> {
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: objectKey(key) }));
    },

    async *list(): AsyncIterable<{ key: string; modifiedAt: Date }> {
      for await (const page of paginateListObjectsV2({ client }, { Bucket: bucket, Prefix: prefix })) {
        for (const object of page.Contents ?? []) {
          if (object.Key === undefined) continue;
          const key = object.Key.slice(prefix.length);
          const modifiedAt = object.LastModified ?? new Date(0);
          const inTemp = key.startsWith(`${TEMP_DIR}/`);
          if (inTemp && Date.now() - modifiedAt.getTime() < STALE_TEMP_MS) continue;
          yield { key, modifiedAt };
        }
      }
    },

    async close(): Promise<void> {
      client.destroy();
    },
  };
}

function normalizePrefix(prefix: string | undefined): string {
  const trimmed = (prefix ?? '').replace(/^\/+|\/+$/g, '');
  if (trimmed === '') return '';
  assertValidKey(trimmed);
  return `${trimmed}/`;
}

function isNotFound(error: unknown): boolean {
  return (
    error instanceof S3ServiceException &&
    error.name !== 'NoSuchBucket' &&
    (error.name === 'NoSuchKey' || error.name === 'NotFound' || error.$metadata.httpStatusCode === 404)
  );
}

function firstBytes(body: Readable, count: number): Readable {
  async function* take() {
    let left = count;
    for await (const chunk of body) {
      const part = (chunk as Buffer).subarray(0, left);
      left -= part.length;
      yield part;
      if (left === 0) break;
    }
  }
  return Readable.from(take(), { objectMode: false });
}
