import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { CreateBucketCommand, HeadObjectCommand, paginateListObjectsV2, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeBlobStoreContract } from '../test/blob-store-contract.js';
import { copyPartRanges } from './s3-copy.js';
import { createS3BlobStore, type S3BlobStoreOptions } from './s3-store.js';

/** s3rver's fixed development keys. */
const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

interface TestS3 {
  options: (bucket: string) => S3BlobStoreOptions;
  client: S3Client;
  allKeys(bucket: string): Promise<string[]>;
  stop(): Promise<void>;
}

/** s3rver on a free loopback port, storing under a temporary directory. */
async function startS3(buckets: string[]): Promise<TestS3> {
  const directory = await mkdtemp(path.join(tmpdir(), 'easio-s3rver-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const options = (bucket: string) => ({
    bucket,
    endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials,
  });
  const client = new S3Client({ ...options('') });
  for (const bucket of buckets) await client.send(new CreateBucketCommand({ Bucket: bucket }));
  return {
    options,
    client,
    async allKeys(bucket) {
      const keys: string[] = [];
      for await (const page of paginateListObjectsV2({ client }, { Bucket: bucket })) {
        for (const object of page.Contents ?? []) if (object.Key) keys.push(object.Key);
      }
      return keys;
    },
    async stop() {
      client.destroy();
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}

describeBlobStoreContract('S3', async () => {
  const s3 = await startS3(['contract']);
  const store = createS3BlobStore(s3.options('contract'));
  return {
    store,
    rawKeys: () => s3.allKeys('contract'),
    async cleanup() {
      await store.close();
      await s3.stop();
    },
  };
});

describe('S3 blob store specifics', () => {
  let s3: TestS3;

  beforeAll(async () => {
    s3 = await startS3(['prefixed']);
  });
  afterAll(async () => {
    await s3?.stop();
  });

  it('keeps everything under the prefix and sets the sniffed Content-Type', async () => {
    const store = createS3BlobStore({ ...s3.options('prefixed'), prefix: 'easio/blobs/' });
    const blob = await store.put(Readable.from([Buffer.from('<!DOCTYPE html><p>hi')]), {
      ownerId: 'o1',
      maxBytes: 100,
    });
    expect(blob.mimeType).toBe('text/html');
    await store.putAt('o1/thumbs/t.webp', Buffer.from('t'), 'image/webp');
    expect((await s3.allKeys('prefixed')).sort()).toEqual([
      `easio/blobs/${blob.key}`,
      'easio/blobs/o1/thumbs/t.webp',
    ]);
    const head = await s3.client.send(
      new HeadObjectCommand({ Bucket: 'prefixed', Key: `easio/blobs/${blob.key}` }),
    );
    expect(head.ContentType).toBe('text/html');
    const keys: string[] = [];
    for await (const entry of store.list()) keys.push(entry.key);
    expect(keys.sort()).toEqual([blob.key, 'o1/thumbs/t.webp']);
    await store.close();
  });
});

describe('copyPartRanges', () => {
  it('covers every byte once with inclusive ranges', () => {
    expect(copyPartRanges(10, 4)).toEqual([
      { start: 0, end: 3 },
      { start: 4, end: 7 },
      { start: 8, end: 9 },
    ]);
    expect(copyPartRanges(8, 4)).toEqual([
      { start: 0, end: 3 },
      { start: 4, end: 7 },
    ]);
  });
});
