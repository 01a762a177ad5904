import path from 'node:path';
import type { BlobStore } from './blob-store.js';
import { createLocalBlobStore } from './local-store.js';
import type { S3BlobStoreOptions } from './s3-store.js';

export interface BlobStoreOptions {
  /** BLOB_STORE: `local` or absent for files under `${dataDir}/blobs`, or `s3://bucket[/prefix]`. */
  blobStore?: string;
  dataDir: string;
  /** Used only for `s3://`: S3_ENDPOINT, S3_REGION, S3_FORCE_PATH_STYLE, and optional explicit keys. */
  s3: Omit<S3BlobStoreOptions, 'bucket' | 'prefix'>;
}

export type BlobStoreLocation = { kind: 'local' } | { kind: 's3'; bucket: string; prefix?: string };

const S3_URL = /^s3:\/\/([^/]+)(?:\/(.*))?$/;

/** The store BLOB_STORE names; the S3 client (~20 MB of memory) is loaded only for `s3://`. */
export async function createBlobStore(options: BlobStoreOptions): Promise<BlobStore> {
  const location = parseBlobStore(options.blobStore);
  if (location.kind === 'local') return createLocalBlobStore(path.join(options.dataDir, 'blobs'));
  const { kind: _, ...where } = location;
  const { createS3BlobStore } = await import('./s3-store.js');
  return createS3BlobStore({ ...options.s3, ...where });
}

export function parseBlobStore(blobStore: string | undefined): BlobStoreLocation {
  if (blobStore === undefined || blobStore === 'local') return { kind: 'local' };
  const match = S3_URL.exec(blobStore);
  if (!match?.[1]) throw new Error(`BLOB_STORE must be local or s3://bucket[/prefix], not ${blobStore}`);
  const prefix = match[2]?.replace(/\/+$/, '');
  return { kind: 's3', bucket: match[1], ...(prefix ? { prefix } : {}) };
}
