import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, readdir, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeBlobStoreContract } from '../test/blob-store-contract.js';
import { createLocalBlobStore } from './local-store.js';

async function filesUnder(root: string): Promise<string[]> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'));
}

describeBlobStoreContract('local', async () => {
  const root = await mkdtemp(path.join(tmpdir(), 'easio-blobs-'));
  return {
    store: createLocalBlobStore(root),
    rawKeys: () => filesUnder(root),
    cleanup: () => rm(root, { recursive: true, force: true }),
  };
});

describe('local blob store layout', () => {
  let parent: string;
  let root: string;

  beforeAll(async () => {
    parent = await mkdtemp(path.join(tmpdir(), 'easio-blobs-'));
    root = path.join(parent, 'blobs');
  });
  afterAll(async () => {
    await rm(parent, { recursive: true, force: true });
  });

  it('writes blobs to <root>/<ownerId>/<sha256> and thumbnails under thumbs/', async () => {
    const store = createLocalBlobStore(root);
    const ownerId = randomUUID();
    const blob = await store.put(Readable.from([Buffer.from('hello')]), { ownerId, maxBytes: 10 });
    expect(await readFile(path.join(root, ownerId, blob.sha256), 'utf8')).toBe('hello');
    await store.putAt(`${ownerId}/thumbs/o1.webp`, Buffer.from('t'), 'image/webp');
    expect(await readFile(path.join(root, ownerId, 'thumbs', 'o1.webp'), 'utf8')).toBe('t');
    expect(await filesUnder(parent)).toEqual(
      expect.arrayContaining([`blobs/${ownerId}/${blob.sha256}`, `blobs/${ownerId}/thumbs/o1.webp`]),
    );
    expect((await filesUnder(parent)).every((file) => file.startsWith('blobs/'))).toBe(true);
  });

  it('makes its directories again when they were removed after a first write, leaving no temporary file', async () => {
    const store = createLocalBlobStore(root);
    const ownerId = randomUUID();
    await store.put(Readable.from([Buffer.from('first')]), { ownerId, maxBytes: 10 });
    await store.putAt(`${ownerId}/thumbs/o1.webp`, Buffer.from('t'), 'image/webp');
    await rm(root, { recursive: true, force: true });

    const blob = await store.put(Readable.from([Buffer.from('second')]), { ownerId, maxBytes: 10 });
    expect(await readFile(path.join(root, ownerId, blob.sha256), 'utf8')).toBe('second');
    await store.putAt(`${ownerId}/thumbs/o2.webp`, Buffer.from('u'), 'image/webp');
    expect(await readFile(path.join(root, ownerId, 'thumbs', 'o2.webp'), 'utf8')).toBe('u');
    expect(await filesUnder(path.join(root, '.tmp'))).toEqual([]);
  });

  it('refreshes the time of a blob stored again, so the orphan sweep leaves it alone', async () => {
    const store = createLocalBlobStore(root);
    const ownerId = randomUUID();
    const put = () => store.put(Readable.from([Buffer.from('again')]), { ownerId, maxBytes: 10 });
    const { key } = await put();
    const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
    await utimes(path.join(root, ...key.split('/')), twoHoursAgo, twoHoursAgo);
    await put();
    let modifiedAt: Date | undefined;
    for await (const entry of store.list()) if (entry.key === key) modifiedAt = entry.modifiedAt;
    expect(modifiedAt?.getTime()).toBeGreaterThan(Date.now() - 60_000);
  });

  it('lists a temporary file only once it is an hour old, and deletes it by that key', async () => {
    const store = createLocalBlobStore(root);
    await mkdir(path.join(root, '.tmp'), { recursive: true });
    const fresh = path.join(root, '.tmp', 'fresh-upload');
    const stale = path.join(root, '.tmp', 'dead-upload');
    await writeFile(fresh, 'x');
    await writeFile(stale, 'x');
    const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
    await utimes(stale, twoHoursAgo, twoHoursAgo);
    const keys: string[] = [];
    for await (const entry of store.list()) keys.push(entry.key);
    expect(keys).toContain('.tmp/dead-upload');
    expect(keys).not.toContain('.tmp/fresh-upload');
    await store.delete('.tmp/dead-upload');
    expect(await filesUnder(path.join(root, '.tmp'))).toEqual(['fresh-upload']);
  });

  it('lists nothing for a root that does not exist yet', async () => {
    const store = createLocalBlobStore(path.join(parent, 'not-yet'));
    const keys: string[] = [];
    for await (const entry of store.list()) keys.push(entry.key);
    expect(keys).toEqual([]);
  });

  it('treats a directory key as missing', async () => {
    const store = createLocalBlobStore(root);
    const ownerId = randomUUID();
    await store.putAt(`${ownerId}/thumbs/a.webp`, Buffer.from('t'), 'image/webp');
    await expect(store.get(`${ownerId}/thumbs`)).rejects.toThrow('No blob');
    expect(await store.size(`${ownerId}/thumbs`)).toBeNull();
    await store.delete(`${ownerId}/thumbs`);
    expect(await store.size(`${ownerId}/thumbs/a.webp`)).toBe(1);
  });
});
