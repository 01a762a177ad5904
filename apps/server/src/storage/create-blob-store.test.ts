import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createBlobStore, parseBlobStore } from './create-blob-store.js';

const s3 = { region: 'us-east-1', forcePathStyle: false };

describe('parseBlobStore', () => {
  it('reads local and s3:// locations', () => {
    expect(parseBlobStore(undefined)).toEqual({ kind: 'local' });
    expect(parseBlobStore('local')).toEqual({ kind: 'local' });
    expect(parseBlobStore('s3://easio-blobs')).toEqual({ kind: 's3', bucket: 'easio-blobs' });
    expect(parseBlobStore('s3://easio-blobs/')).toEqual({ kind: 's3', bucket: 'easio-blobs' });
    expect(parseBlobStore('s3://easio-blobs/prod/files/')).toEqual({
      kind: 's3',
      bucket: 'easio-blobs',
      prefix: 'prod/files',
    });
  });

  it('refuses anything else', () => {
    for (const value of ['', 'gs://bucket', 's3://', 's3:///prefix', '/var/blobs']) {
      expect(() => parseBlobStore(value), value).toThrow('BLOB_STORE');
    }
  });
});

describe('createBlobStore', () => {
  it('stores under <dataDir>/blobs by default', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'easio-data-'));
    try {
      const store = await createBlobStore({ dataDir, s3 });
      const blob = await store.put(Readable.from([Buffer.from('x')]), { ownerId: 'o', maxBytes: 1 });
      expect(await readFile(path.join(dataDir, 'blobs', 'o', blob.sha256), 'utf8')).toBe('x');
      await store.close();
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('refuses an s3 prefix that keys could not live under', async () => {
    await expect(
      createBlobStore({ blobStore: 's3://bucket/a/../b', dataDir: '/unused', s3 }),
    ).rejects.toThrow(TypeError);
  });
});
