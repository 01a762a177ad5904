import { createHash, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BlobNotFoundError, type BlobStore, BlobTooLargeError } from '../storage/blob-store.js';

export interface BlobStoreHarness {
  store: BlobStore;
  /** Every entry the backend holds, temporary ones included (list() hides fresh temporary entries). */
  rawKeys(): Promise<string[]>;
  cleanup(): Promise<void>;
}

const MiB = 1024 * 1024;
const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** Byte `p` of a generated stream: chunk i repeats sha256(i), so any range can be checked. */
function patternChunk(index: number, length: number): Buffer {
  const seed = createHash('sha256').update(String(index)).digest();
  const chunk = Buffer.allocUnsafe(length);
  for (let at = 0; at < length; at += seed.length) seed.copy(chunk, at);
  return chunk;
}

function patternBytes(start: number, end: number): Buffer {
  const out = Buffer.alloc(end - start + 1);
  for (let p = start; p <= end; p++) {
    const seed = createHash('sha256')
      .update(String(Math.floor(p / MiB)))
      .digest();
    out[p - start] = seed[p % seed.length] ?? 0;
  }
  return out;
}

/** `size` bytes made one MiB at a time, never held whole; fails with `failAfter` bytes sent when given. */
function generated(size: number, failAfter?: number): Readable {
  let sent = 0;
  let index = 0;
  return new Readable({
    read() {
      if (failAfter !== undefined && sent >= failAfter) {
        this.destroy(new Error('client went away'));
        return;
      }
      if (sent >= size) {
        this.push(null);
        return;
      }
      const length = Math.min(MiB, size - sent);
      this.push(patternChunk(index++, length));
      sent += length;
    },
  });
}

async function sha256Of(stream: Readable): Promise<{ sha256: string; size: number }> {
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of stream) {
    hash.update(chunk as Buffer);
    size += (chunk as Buffer).length;
  }
  return { sha256: hash.digest('hex'), size };
}

async function bytesOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function keysOf(store: BlobStore, ownerId?: string): Promise<string[]> {
  const keys: string[] = [];
  for await (const entry of store.list()) {
    if (ownerId === undefined || entry.key.startsWith(`${ownerId}/`)) keys.push(entry.key);
  }
  return keys.sort();
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** What every BlobStore driver must do; run by each driver's test file with its own harness. */
export function describeBlobStoreContract(name: string, open: () => Promise<BlobStoreHarness>): void {
  describe(`${name} blob store contract`, () => {
    let harness: BlobStoreHarness;
    let store: BlobStore;
    const owner = () => randomUUID();
    const noTemporaryLeft = async () => {
      expect((await harness.rawKeys()).filter((key) => key.startsWith('.tmp/'))).toEqual([]);
    };

    beforeAll(async () => {
      harness = await open();
      store = harness.store;
    });
    afterAll(async () => {
      await harness?.cleanup();
    });

    it('round-trips an empty file', async () => {
      const ownerId = owner();
      const blob = await store.put(Readable.from([]), { ownerId, maxBytes: 10 });
      expect(blob).toEqual({
        key: `${ownerId}/${sha256(Buffer.alloc(0))}`,
        size: 0,
        sha256: sha256(Buffer.alloc(0)),
        mimeType: 'text/plain',
      });
      expect(await bytesOf(await store.get(blob.key))).toEqual(Buffer.alloc(0));
      expect(await store.size(blob.key)).toBe(0);
    });

    it('round-trips a small file and sniffs its type from the bytes', async () => {
      const ownerId = owner();
      const blob = await store.put(Readable.from([PNG_1X1]), {
        ownerId,
        maxBytes: 1000,
        nameHint: 'notes.md',
      });
      expect(blob).toMatchObject({ size: PNG_1X1.length, sha256: sha256(PNG_1X1), mimeType: 'image/png' });
      expect(blob.key).toBe(`${ownerId}/${sha256(PNG_1X1)}`);
      expect(await bytesOf(await store.get(blob.key))).toEqual(PNG_1X1);
      expect(await keysOf(store, ownerId)).toEqual([blob.key]);
    });

    it('uses the name hint only between text types', async () => {
      const blob = await store.put(Readable.from([Buffer.from('# Title\n')]), {
        ownerId: owner(),
        maxBytes: 100,
        nameHint: 'read me.md',
      });
      expect(blob.mimeType).toBe('text/markdown');
    });

    it('round-trips a 50 MB stream', async () => {
      const size = 50 * MiB;
      const expected = await sha256Of(generated(size));
      const blob = await store.put(generated(size), { ownerId: owner(), maxBytes: size });
      expect(blob).toMatchObject({ size, sha256: expected.sha256 });
      expect(await sha256Of(await store.get(blob.key))).toEqual(expected);
      expect(await store.size(blob.key)).toBe(size);
      // A range across the 1 MiB (and, on S3, 5 MiB part) boundaries.
      const start = 25 * MiB - 3;
      const end = 25 * MiB + 2;
      expect(await bytesOf(await store.get(blob.key, { start, end }))).toEqual(patternBytes(start, end));
      await store.delete(blob.key);
      await noTemporaryLeft();
    });

    it('stores the same bytes once, under the same key', async () => {
      const ownerId = owner();
      const bytes = Buffer.from('same bytes, same key');
      const first = await store.put(Readable.from([bytes]), { ownerId, maxBytes: 100 });
      const second = await store.put(Readable.from([bytes]), { ownerId, maxBytes: 100 });
      expect(second).toEqual(first);
      expect(await keysOf(store, ownerId)).toEqual([first.key]);
      await noTemporaryLeft();
    });

    it('keeps owners apart', async () => {
      const bytes = Buffer.from('shared content');
      const a = await store.put(Readable.from([bytes]), { ownerId: owner(), maxBytes: 100 });
      const b = await store.put(Readable.from([bytes]), { ownerId: owner(), maxBytes: 100 });
      expect(a.key).not.toBe(b.key);
      expect(a.sha256).toBe(b.sha256);
    });

    it('reads byte ranges (inclusive)', async () => {
      const bytes = Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 251));
      const { key } = await store.put(Readable.from([bytes]), { ownerId: owner(), maxBytes: 1000 });
      const range = async (start: number, end: number) => bytesOf(await store.get(key, { start, end }));
      expect(await range(0, 0)).toEqual(bytes.subarray(0, 1));
      expect(await range(400, 599)).toEqual(bytes.subarray(400, 600));
      expect(await range(999, 999)).toEqual(bytes.subarray(999));
      expect(await range(0, 999)).toEqual(bytes);
      // An end past the last byte means "to the end", as in HTTP.
      expect(await range(990, 5000)).toEqual(bytes.subarray(990));
      await expect(store.get(key, { start: 1000, end: 1005 })).rejects.toBeInstanceOf(RangeError);
      await expect(store.get(key, { start: 5, end: 4 })).rejects.toBeInstanceOf(RangeError);
    });

    it('refuses more than maxBytes, stops reading the source and leaves nothing', async () => {
      const ownerId = owner();
      const source = generated(12 * MiB);
      await expect(store.put(source, { ownerId, maxBytes: 6 * MiB })).rejects.toBeInstanceOf(
        BlobTooLargeError,
      );
      expect(source.destroyed).toBe(true);
      expect(await keysOf(store, ownerId)).toEqual([]);
      await noTemporaryLeft();
    });

    it('accepts exactly maxBytes and refuses one byte more', async () => {
      const ownerId = owner();
      const blob = await store.put(Readable.from([Buffer.alloc(10, 1)]), { ownerId, maxBytes: 10 });
      expect(blob.size).toBe(10);
      await expect(
        store.put(Readable.from([Buffer.alloc(11, 1)]), { ownerId, maxBytes: 10 }),
      ).rejects.toEqual(new BlobTooLargeError(10));
      expect(await keysOf(store, ownerId)).toEqual([blob.key]);
    });

    it('rejects when the source fails midway and leaves nothing', async () => {
      const ownerId = owner();
      await expect(store.put(generated(12 * MiB, 7 * MiB), { ownerId, maxBytes: 20 * MiB })).rejects.toThrow(
        'client went away',
      );
      expect(await keysOf(store, ownerId)).toEqual([]);
      await noTemporaryLeft();
    });

    it('deletes, and deleting twice is fine', async () => {
      const ownerId = owner();
      const { key } = await store.put(Readable.from([Buffer.from('bye')]), { ownerId, maxBytes: 10 });
      await store.delete(key);
      await store.delete(key);
      expect(await store.size(key)).toBeNull();
      await expect(store.get(key)).rejects.toBeInstanceOf(BlobNotFoundError);
      expect(await keysOf(store, ownerId)).toEqual([]);
    });

    it('stores a thumbnail at an exact key', async () => {
      const ownerId = owner();
      const key = `${ownerId}/thumbs/${randomUUID()}.webp`;
      const bytes = Buffer.from('RIFF\0\0\0\0WEBPVP8 fake thumbnail');
      await store.putAt(key, bytes, 'image/webp');
      expect(await bytesOf(await store.get(key))).toEqual(bytes);
      expect(await store.size(key)).toBe(bytes.length);
      await store.putAt(key, Buffer.from('replaced'), 'image/webp');
      expect((await bytesOf(await store.get(key))).toString()).toBe('replaced');
      expect(await keysOf(store, ownerId)).toEqual([key]);
      await store.delete(key);
      expect(await keysOf(store, ownerId)).toEqual([]);
    });

    it('answers BlobNotFoundError for a missing key, null for its size', async () => {
      const key = `${owner()}/${sha256(Buffer.from('never stored'))}`;
      const error = await store.get(key).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(BlobNotFoundError);
      expect((error as BlobNotFoundError).key).toBe(key);
      await expect(store.get(key, { start: 0, end: 0 })).rejects.toBeInstanceOf(BlobNotFoundError);
      expect(await store.size(key)).toBeNull();
    });

    it('lists every key with its modification time', async () => {
      const ownerId = owner();
      const before = Date.now() - 5_000;
      const a = await store.put(Readable.from([Buffer.from('a')]), { ownerId, maxBytes: 10 });
      const b = await store.put(Readable.from([Buffer.from('b')]), { ownerId, maxBytes: 10 });
      const thumb = `${ownerId}/thumbs/x.webp`;
      await store.putAt(thumb, Buffer.from('t'), 'image/webp');
      const entries = [];
      for await (const entry of store.list()) if (entry.key.startsWith(`${ownerId}/`)) entries.push(entry);
      expect(entries.map((e) => e.key).sort()).toEqual([a.key, b.key, thumb].sort());
      for (const entry of entries) {
        expect(entry.modifiedAt).toBeInstanceOf(Date);
        expect(entry.modifiedAt.getTime()).toBeGreaterThan(before);
      }
    });

    it('refuses keys and owner ids that could leave the store', async () => {
      for (const key of [
        '../outside',
        'a/../../b',
        '/etc/passwd',
        'a//b',
        'a/./b',
        'a\\b',
        'a b',
        '',
        'a/',
      ]) {
        await expect(store.get(key), key).rejects.toBeInstanceOf(TypeError);
        await expect(store.putAt(key, Buffer.from('x'), 'text/plain'), key).rejects.toBeInstanceOf(TypeError);
        await expect(store.delete(key), key).rejects.toBeInstanceOf(TypeError);
      }
      await expect(store.putAt('.tmp/mine', Buffer.from('x'), 'text/plain')).rejects.toBeInstanceOf(
        TypeError,
      );
      for (const ownerId of ['..', '.tmp', 'a/b', '', '../x']) {
        await expect(
          store.put(Readable.from([Buffer.from('x')]), { ownerId, maxBytes: 10 }),
          ownerId,
        ).rejects.toBeInstanceOf(TypeError);
      }
    });
  });
}
