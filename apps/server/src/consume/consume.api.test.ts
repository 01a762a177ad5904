import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { appendFile, mkdir, mkdtemp, open, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { DeskObject } from '@easio/shared';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { StoreUploadsDeps } from '../desk/store-uploads.js';
import { DB_KINDS } from '../test/databases.js';
import { buildTestApp, signedInUser, type TestApp } from '../test/test-app.js';
import { type ConsumeFolder, createConsumeFolder } from './consumer.js';
import { openConsumeFolder } from './open.js';

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(DB_KINDS)('the scanner folder on %s', (kind) => {
  let t: TestApp;
  let user: Awaited<ReturnType<typeof signedInUser>>;
  let dir: string;
  let outside: string;
  let clock: number;
  const running: ConsumeFolder[] = [];

  beforeAll(async () => {
    t = await buildTestApp(kind);
    user = await signedInUser(t.app);
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(async () => {
    outside = await mkdtemp(path.join(tmpdir(), 'easio-consume-'));
    dir = path.join(outside, 'scans');
    await mkdir(dir);
    clock = 0;
    // Each test starts with an empty desk: what earlier tests stored goes to the Trash.
    const items = await deskItems();
    if (items.length) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/desk/delete',
        headers: user.auth,
        payload: { ids: items.map((i) => i.id) },
      });
      expect(res.statusCode).toBe(200);
    }
  });
  afterEach(async () => {
    await Promise.all(running.splice(0).map((c) => c.stop()));
    await rm(outside, { recursive: true, force: true });
  });

  const storeDeps = (overrides: Partial<StoreUploadsDeps> = {}) => ({
    db: t.database.db,
    blobs: t.blobs,
    maxUploadBytes: 64 * 1024,
    releaseBlobs: t.services.releaseBlobs,
    onFilesStored: t.services.onFilesStored,
    onItemsAdded: t.services.itemsAdded,
    log: t.services.log,
    ...overrides,
  });

  /** A scanner folder on `dir` for the test's user; `now` is the test's clock unless it runs on its own. */
  async function consumer(
    options: { doneDir?: string; poll?: number; stable?: number; realTime?: boolean } = {},
    overrides: Partial<StoreUploadsDeps> = {},
  ) {
    const settings = await openConsumeFolder(
      {
        CONSUME_DIR: dir,
        CONSUME_USER: user.signup.username,
        CONSUME_DONE_DIR: options.doneDir,
        CONSUME_POLL_SECONDS: options.poll ?? 0.1,
        CONSUME_STABLE_SECONDS: options.stable ?? 1,
      },
      t.database.db,
    );
    if (!settings) throw new Error('no settings');
    const made = createConsumeFolder(
      settings,
      storeDeps(overrides),
      options.realTime ? Date.now : () => clock,
    );
    running.push(made);
    return made;
  }

  /** Two scans a stable time apart, on the test's clock: what has held still is taken. */
  async function scanTwice(c: ConsumeFolder) {
    await c.scanOnce();
    clock += 1000;
    await c.scanOnce();
  }

  async function deskItems(): Promise<DeskObject[]> {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/desk/folders/${user.info.root_folder}/children?limit=100`,
      headers: user.auth,
    });
    expect(res.statusCode).toBe(200);
    return (res.json() as { items: DeskObject[] }).items.filter((i) => i.data_type !== 'drawer_object');
  }

  async function downloaded(item: DeskObject): Promise<Buffer> {
    const res = await t.app.inject({ method: 'GET', url: item.download_url ?? '' });
    expect(res.statusCode).toBe(200);
    return res.rawPayload;
  }

  it('stores a dropped file on the user’s desk, queues its processing and removes it', async () => {
    const c = await consumer();
    const bytes = Buffer.from('%PDF-1.4\nA letter from the council about the bins\n');
    await writeFile(path.join(dir, 'council letter.pdf'), bytes);

    await c.scanOnce();
    expect(await deskItems()).toEqual([]); // seen once: not yet known to be complete
    clock += 1000;
    await c.scanOnce();

    const [item, ...more] = await deskItems();
    expect(more).toEqual([]);
    expect(item?.name).toBe('council letter.pdf');
    expect(item?.parent_id).toBe(user.info.root_folder);
    expect(item?.sha256).toBe(sha256(bytes));
    expect(await downloaded(item as DeskObject)).toEqual(bytes);
    expect(t.storedFileIds).toContain(item?.id);
    expect(t.generationsAsked).toContain(user.info.id);
    expect(await readdir(dir)).toEqual([]);
  });

  it('moves stored files to the done folder, subfolders kept, their folder path in the metadata', async () => {
    const done = path.join(outside, 'done');
    const c = await consumer({ doneDir: done });
    await mkdir(path.join(dir, 'Invoices', '2024'), { recursive: true });
    await writeFile(path.join(dir, 'Invoices', '2024', 'gas.pdf'), 'gas bill, March');
    await writeFile(path.join(done, 'top.txt'), 'already here');
    await writeFile(path.join(dir, 'top.txt'), 'a note from the top of the folder');

    await scanTwice(c);

    const items = await deskItems();
    expect(items.map((i) => [i.name, i.metadata.folder_path]).sort()).toEqual([
      ['gas.pdf', 'Invoices/2024'],
      ['top.txt', undefined],
    ]);
    expect(await readFile(path.join(done, 'Invoices', '2024', 'gas.pdf'), 'utf8')).toBe('gas bill, March');
    // A name taken in the done folder is not overwritten.
    expect(await readFile(path.join(done, 'top.txt'), 'utf8')).toBe('already here');
    expect(await readFile(path.join(done, 'top (2).txt'), 'utf8')).toBe('a note from the top of the folder');
    expect(existsSync(path.join(dir, 'Invoices', '2024', 'gas.pdf'))).toBe(false);
    expect(existsSync(path.join(dir, 'top.txt'))).toBe(false);
  });

  it('waits for a file written slowly, and stores it once, whole', async () => {
    const c = await consumer({ poll: 0.1, stable: 0.8, realTime: true });
    c.start();
    const chunks = Array.from({ length: 6 }, (_, n) => Buffer.alloc(5000, `chunk ${n} of a long scan `));
    const file = await open(path.join(dir, 'long scan.pdf'), 'w');
    for (const chunk of chunks) {
      await file.write(chunk);
      await sleep(250);
      expect(await deskItems()).toEqual([]); // never taken while partial
    }
    await file.close();
    const whole = Buffer.concat(chunks);

    await expect.poll(async () => (await deskItems()).length, { timeout: 5000, interval: 100 }).toBe(1);
    const [item] = await deskItems();
    expect(item?.size).toBe(whole.length);
    expect(item?.sha256).toBe(sha256(whole));
    expect(sha256(await downloaded(item as DeskObject))).toBe(sha256(whole));
    await expect.poll(() => readdir(dir), { timeout: 2000, interval: 100 }).toEqual([]);
    await sleep(300);
    expect(await deskItems()).toHaveLength(1);
  });

  it('does not store a file that changes while it is read, and takes it whole once it holds still', async () => {
    const file = path.join(dir, 'growing.pdf');
    let grown = false;
    const c = await consumer(
      {},
      {
        blobs: {
          ...t.blobs,
          put: async (body, options) => {
            // The scanner appends its last page after the scan found the file still.
            if (!grown) await appendFile(file, ' and the last page');
            grown = true;
            return t.blobs.put(body, options);
          },
        },
      },
    );
    await writeFile(file, 'the first pages');
    await scanTwice(c);
    expect(await deskItems()).toEqual([]);
    expect(await readdir(dir)).toEqual(['growing.pdf']);

    await scanTwice(c);
    const [item, ...more] = await deskItems();
    expect(more).toEqual([]);
    expect(await downloaded(item as DeskObject)).toEqual(Buffer.from('the first pages and the last page'));
    expect(await readdir(dir)).toEqual([]);
  });

  it('leaves hidden and temporary files alone', async () => {
    const c = await consumer();
    const ignored = [
      '.DS_Store',
      '._scan.pdf',
      'scan.pdf.part',
      'photo.jpg.crdownload',
      'x.tmp',
      '~$letter.docx',
    ];
    for (const name of ignored) await writeFile(path.join(dir, name), `bytes of ${name}`);
    await mkdir(path.join(dir, '.stfolder'));
    await writeFile(path.join(dir, '.stfolder', 'inside.pdf'), 'sync tool state');
    await writeFile(path.join(dir, 'scan.pdf'), 'the finished scan');

    await scanTwice(c);

    expect((await deskItems()).map((i) => i.name)).toEqual(['scan.pdf']);
    expect((await readdir(dir)).sort()).toEqual([...ignored, '.stfolder'].sort());
  });

  it('moves a file over the upload cap, or empty, to the failed folder and stores nothing', async () => {
    const c = await consumer();
    const big = Buffer.alloc(64 * 1024 + 1, 'x');
    await writeFile(path.join(dir, 'huge.tiff'), big);
    await writeFile(path.join(dir, 'empty.pdf'), '');

    await scanTwice(c);
    clock += 1000;
    await c.scanOnce(); // the failed folder is not looked into again

    expect(await deskItems()).toEqual([]);
    expect(await readdir(dir)).toEqual(['failed']);
    expect((await readdir(path.join(dir, 'failed'))).sort()).toEqual(['empty.pdf', 'huge.tiff']);
    expect(await readFile(path.join(dir, 'failed', 'huge.tiff'))).toEqual(big);
  });

  it('stores the same bytes dropped twice once, and takes the second copy away', async () => {
    const c = await consumer();
    await writeFile(path.join(dir, 'receipt.jpg'), 'the same receipt');
    await scanTwice(c);
    await writeFile(path.join(dir, 'receipt again.jpg'), 'the same receipt');
    await scanTwice(c);

    expect((await deskItems()).map((i) => i.name)).toEqual(['receipt.jpg']);
    expect(await readdir(dir)).toEqual([]);
  });

  it('after a crash between storing and removing, the restarted folder makes no second item', async () => {
    // The item commits, then the process dies before the file is removed (here: the queueing that
    // follows the commit fails, and this consumer is dropped as a crashed process would be).
    const crashing = await consumer(
      {},
      {
        onFilesStored: async () => {
          throw new Error('killed');
        },
      },
    );
    await writeFile(path.join(dir, 'statement.pdf'), 'bank statement, May');
    await scanTwice(crashing);
    expect((await deskItems()).map((i) => i.name)).toEqual(['statement.pdf']);
    expect(await readdir(dir)).toEqual(['statement.pdf']);
    await crashing.stop();

    const restarted = await consumer();
    await scanTwice(restarted);
    expect((await deskItems()).map((i) => i.name)).toEqual(['statement.pdf']);
    expect(await readdir(dir)).toEqual([]);
  });

  it('stops cleanly: nothing is taken after stop()', async () => {
    const c = await consumer({ poll: 0.05, stable: 0.1, realTime: true });
    c.start();
    await writeFile(path.join(dir, 'first.txt'), 'taken while running');
    await expect.poll(async () => (await deskItems()).length, { timeout: 3000, interval: 50 }).toBe(1);
    await c.stop();
    await writeFile(path.join(dir, 'second.txt'), 'dropped after the stop');
    await sleep(400);
    expect((await deskItems()).map((i) => i.name)).toEqual(['first.txt']);
    expect(await readdir(dir)).toEqual(['second.txt']);
  });

  it('refuses to start for an unknown account or a missing folder, saying which setting', async () => {
    const base = { CONSUME_POLL_SECONDS: 1, CONSUME_STABLE_SECONDS: 1 };
    await expect(
      openConsumeFolder({ ...base, CONSUME_DIR: dir, CONSUME_USER: 'nobody@example.com' }, t.database.db),
    ).rejects.toThrow(/CONSUME_USER: no account .*nobody@example.com/);
    await expect(
      openConsumeFolder(
        { ...base, CONSUME_DIR: path.join(outside, 'missing'), CONSUME_USER: user.signup.email },
        t.database.db,
      ),
    ).rejects.toThrow(/CONSUME_DIR: .*missing is not a folder this process can read and write \(ENOENT\)/);
    await writeFile(path.join(outside, 'a-file'), '');
    await expect(
      openConsumeFolder(
        { ...base, CONSUME_DIR: path.join(outside, 'a-file'), CONSUME_USER: user.signup.email },
        t.database.db,
      ),
    ).rejects.toThrow(/CONSUME_DIR: .*not a folder/);
  });
});
