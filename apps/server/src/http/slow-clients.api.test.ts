import { mkdtemp, readdir, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Transform } from 'node:stream';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { objects } from '../db/schema.js';
import type { BlobStore } from '../storage/blob-store.js';
import { createLocalBlobStore } from '../storage/local-store.js';
import { DB_KINDS } from '../test/databases.js';
import { multipartBody } from '../test/multipart.js';
import { buildTestApp, signedInUser, type TestApp } from '../test/test-app.js';
import { BODY_TOO_SLOW, HEADERS_TOO_SLOW } from './slow-clients.js';

/** Short limits, so each case takes about a second: 0.5 s windows that must bring 1 KB (2 KB/s). */
const ENV = {
  HEADERS_TIMEOUT_SECONDS: '0.5',
  BODY_TIMEOUT_SECONDS: '0.5',
  BODY_MIN_BYTES_PER_SECOND: '2048',
  KEEP_ALIVE_TIMEOUT_SECONDS: '0.5',
};

interface Conversation {
  /** Everything the server sent, once it closed the connection. */
  answer: Promise<string>;
  socket: net.Socket;
}

describe.each(DB_KINDS)('slow and idle clients on %s', (kind) => {
  let t: TestApp;
  let port: number;
  let blobDir: string;

  beforeAll(async () => {
    blobDir = await mkdtemp(path.join(tmpdir(), 'easio-slow-blobs-'));
    t = await buildTestApp(kind, { env: ENV, blobs: createLocalBlobStore(blobDir) });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await t.close();
    await rm(blobDir, { recursive: true, force: true });
  });

  /** A raw connection that sends `first`; its answer is all the server wrote until it closed. */
  function connect(first: string | Buffer): Promise<Conversation> {
    return new Promise((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      const chunks: Buffer[] = [];
      socket.on('data', (d) => chunks.push(d));
      socket.on('error', () => {});
      const answer = new Promise<string>((done) =>
        socket.on('close', () => done(Buffer.concat(chunks).toString())),
      );
      socket.on('connect', () => {
        if (first.length) socket.write(first);
        resolve({ answer, socket });
      });
    });
  }

  const detailOf = (answer: string) => JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4)).detail;

  const uploadedFiles = async () =>
    (await t.database.db.select({ n: count() }).from(objects).where(eq(objects.dataType, 'file_object')))[0]
      ?.n;

  const blobsLeft = async () => {
    const keys: string[] = [];
    for await (const b of t.blobs.list()) keys.push(b.key);
    const temps = await readdir(path.join(blobDir, '.tmp')).catch(() => []);
    return [...keys, ...temps];
  };

  it('answers a body announced as 100 bytes of which 2 came with a 408 and closes the connection', async () => {
    const started = performance.now();
    const { answer } = await connect(
      'POST /api/auth/token HTTP/1.1\r\nhost: easio\r\ncontent-type: application/x-www-form-urlencoded\r\n' +
        'content-length: 100\r\n\r\nab',
    );
    const text = await answer;
    expect(text).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
    expect(text).toMatch(/\r\nconnection: close\r\n/i);
    expect(detailOf(text)).toBe(BODY_TOO_SLOW);
    // It waited out one window first (the body had the chance to come).
    expect(performance.now() - started).toBeGreaterThanOrEqual(450);
  });

  it('answers headers that never finish, and a connection that says nothing, with a 408', async () => {
    const partial = await connect('POST /api/auth/token HTTP/1.1\r\nhost: easio\r\n');
    const silent = await connect('');
    for (const text of [await partial.answer, await silent.answer]) {
      expect(text).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
      expect(detailOf(text)).toBe(HEADERS_TOO_SLOW);
    }
  });

  it('cuts off an upload that drips slower than the floor, storing no item and leaving no blob', async () => {
    const me = await signedInUser(t.app);
    const head = Buffer.from(
      'POST /api/desk/uploads HTTP/1.1\r\nhost: easio\r\n' +
        `authorization: ${me.auth.authorization}\r\n` +
        'content-type: multipart/form-data; boundary=drip\r\ncontent-length: 1000000\r\n\r\n' +
        '--drip\r\ncontent-disposition: form-data; name="files"; filename="drip.bin"\r\n' +
        'content-type: application/octet-stream\r\n\r\n',
    );
    const { socket, answer } = await connect(head);
    // 100 bytes every 100 ms: 1 KB/s, half the floor, for as long as the server keeps listening.
    const drip = setInterval(() => socket.writable && socket.write(Buffer.alloc(100, 7)), 100);
    const text = await answer;
    clearInterval(drip);
    // The answer may be lost when bytes were still in flight as the server closed; the close is not.
    if (text) expect(detailOf(text)).toBe(BODY_TOO_SLOW);
    await expect.poll(blobsLeft, { timeout: 5000 }).toEqual([]);
    expect(await uploadedFiles()).toBe(0);
  });

  it('lets an upload through that takes many windows at a steady rate above the floor', async () => {
    const me = await signedInUser(t.app);
    const bytes = Buffer.alloc(600 * 1024, 9);
    const { payload, headers } = multipartBody([{ name: 'steady.bin', bytes }]);
    const head =
      'POST /api/desk/uploads HTTP/1.1\r\nhost: easio\r\nconnection: close\r\n' +
      `authorization: ${me.auth.authorization}\r\ncontent-type: ${headers['content-type']}\r\n` +
      `content-length: ${payload.length}\r\n\r\n`;
    const { socket, answer } = await connect(head);
    // 20 KB every 100 ms (200 KB/s) for about 3 s: six windows, each well over its 1 KB.
    for (let at = 0; at < payload.length; at += 20 * 1024) {
      socket.write(payload.subarray(at, at + 20 * 1024));
      await new Promise((r) => setTimeout(r, 100));
    }
    const text = await answer;
    expect(text).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    const body = JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4)) as {
      items: { name: string; size: number }[];
    };
    expect(body.items.map((i) => [i.name, i.size])).toEqual([['steady.bin', bytes.length]]);
    expect(await uploadedFiles()).toBe(1);
  });

  it('closes a kept-alive connection left idle past the limit', async () => {
    const { answer } = await connect('GET /api/health HTTP/1.1\r\nhost: easio\r\n\r\n');
    const text = await answer;
    // One whole answer (kept alive: no `connection: close`), then the server closed the idle connection.
    expect(text).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    expect(text).not.toMatch(/\r\nconnection: close\r\n/i);
    expect(text.match(/HTTP\/1\.1/g)).toHaveLength(1);
  });
});

describe('an upload the server stores slower than the floor', () => {
  let t: TestApp;
  beforeAll(async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'easio-slow-store-'));
    const inner = createLocalBlobStore(dir);
    // Storage that takes 30 ms per chunk: the server, not the client, is what holds the body back.
    const slowStore: BlobStore = {
      ...inner,
      put: (body, options) =>
        inner.put(
          body.pipe(
            new Transform({ transform: (chunk, _enc, done) => setTimeout(() => done(null, chunk), 30) }),
          ),
          options,
        ),
    };
    // A floor of 4 MB/s, far above what that storage takes in.
    t = await buildTestApp('pglite', {
      env: { ...ENV, BODY_MIN_BYTES_PER_SECOND: String(4 * 1024 * 1024) },
      blobs: slowStore,
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => t.close());

  it('is not cut off: windows in which the server held the body back do not count against the client', async () => {
    const me = await signedInUser(t.app);
    const bytes = Buffer.alloc(2 * 1024 * 1024, 5);
    const { payload, headers } = multipartBody([{ name: 'big.bin', bytes }]);
    const { port } = t.app.server.address() as AddressInfo;
    const res = await fetch(`http://127.0.0.1:${port}/api/desk/uploads`, {
      method: 'POST',
      headers: { ...headers, ...me.auth },
      body: payload,
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { items: { size: number }[] };
    expect(body.items.map((i) => i.size)).toEqual([bytes.length]);
  });
});
