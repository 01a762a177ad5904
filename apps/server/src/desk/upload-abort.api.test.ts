import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { objects } from '../db/schema.js';
import { buildTestApp, signedInUser, type TestApp } from '../test/test-app.js';
import { sweepOrphanBlobs } from './blob-cleanup.js';

describe('an upload cut off midway', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp('pglite');
    await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('leaves no object and no blob', async () => {
    const me = await signedInUser(t.app);
    const { port } = t.app.server.address() as AddressInfo;
    const boundary = 'cutoffboundary';
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="half.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    );
    const closed = new Promise<void>((resolve) => {
      const req = request({
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/api/desk/uploads',
        headers: {
          ...me.auth,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': 10 * 1024 * 1024,
        },
      });
      req.on('error', () => resolve());
      req.on('close', () => resolve());
      req.write(head);
      req.write(Buffer.alloc(2 * 1024 * 1024, 7), () => setTimeout(() => req.destroy(), 100));
    });
    await closed;
    // The server notices the closed socket asynchronously: wait until nothing is left in flight.
    await expect
      .poll(
        async () => {
          const keys: string[] = [];
          for await (const b of t.blobs.list()) keys.push(b.key);
          return keys;
        },
        { timeout: 5000 },
      )
      .toEqual([]);
    const rows = await t.database.db
      .select({ n: count() })
      .from(objects)
      .where(eq(objects.dataType, 'file_object'));
    expect(rows[0]?.n).toBe(0);
  });
});

describe('the orphan sweep', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp('pglite');
  });
  afterAll(async () => {
    await t.close();
  });

  it('removes blobs no object uses, once they are older than the grace period, and keeps the rest', async () => {
    const me = await signedInUser(t.app);
    const { Readable } = await import('node:stream');
    const orphan = await t.blobs.put(Readable.from([Buffer.from('orphan bytes')]), {
      ownerId: me.info.id as string,
      maxBytes: 1000,
    });
    const kept = await t.blobs.put(Readable.from([Buffer.from('kept bytes')]), {
      ownerId: me.info.id as string,
      maxBytes: 1000,
    });
    await t.database.db.insert(objects).values({
      ownerId: me.info.id as string,
      parentId: me.info.root_folder as string,
      dataType: 'file_object',
      name: 'kept.txt',
      blobKey: kept.key,
      sha256: kept.sha256,
      size: kept.size,
    });
    expect(await sweepOrphanBlobs(t.database.db, t.blobs, 60_000)).toBe(0);
    expect(await sweepOrphanBlobs(t.database.db, t.blobs, -1)).toBe(1);
    const keys: string[] = [];
    for await (const b of t.blobs.list()) keys.push(b.key);
    expect(keys).toEqual([kept.key]);
    expect(keys).not.toContain(orphan.key);
  });
});
