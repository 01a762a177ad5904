import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from './db/client.js';
import { objects } from './db/schema.js';
import { createJobQueue } from './jobs/create-job-queue.js';
import { LINK_PREVIEW_JOB } from './links/link-preview-jobs.js';
import { OCR_JOB } from './processing/ocr/register-ocr-jobs.js';
import { FILE_JOB } from './processing/register-file-jobs.js';
import { requeuePendingWork } from './services.js';
import { DB_KINDS } from './test/databases.js';
import { buildTestApp, signedInUser } from './test/test-app.js';

const FILES = 12_000;
const LINKS = 6_000;
const OCR = 2_000;

describe.each(DB_KINDS)('start-up re-queue on %s', (kind) => {
  it('queues each of 20,000 items left pending once, answering /api/health meanwhile', async () => {
    const t = await buildTestApp(kind);
    // A queue without workers: what it holds stays there to be counted.
    const queue = createJobQueue(t.database);
    // Another process's queue, working one pending file's job when the server starts.
    const other = createJobQueue(t.database, { stopTimeoutMs: 0 });
    try {
      const me = await signedInUser(t.app);
      const [owner, root] = [me.info.id as string, me.info.root_folder as string];
      const db = t.database.db;
      const store = (count: number, dataType: string, states: string) =>
        db.execute(sql`
          INSERT INTO objects (owner_id, parent_id, data_type, name, url, job_state, ocr_state)
          SELECT ${owner}, ${root}, ${dataType}, 'item ' || n,
            CASE WHEN ${dataType} = 'url_object' THEN 'https://example.com/' || n END, ${sql.raw(states)}
          FROM generate_series(1, ${count}::int) AS n`);
      await store(FILES, 'file_object', `'pending', NULL`);
      await store(LINKS, 'url_object', `'pending', NULL`);
      await store(OCR, 'file_object', `'done', 'pending'`);
      // Already done: nothing to queue.
      await store(50, 'file_object', `'done', 'done'`);

      const [busy] = await db
        .select({ id: objects.id })
        .from(objects)
        .where(sql`${objects.jobState} = 'pending' AND ${objects.dataType} = 'file_object'`)
        .limit(1);
      const busyId = busy?.id as string;
      let started = () => {};
      const running = new Promise<void>((resolve) => {
        started = resolve;
      });
      await other.work(FILE_JOB, () => {
        started();
        return new Promise<void>(() => {});
      });
      await other.start();
      await other.send(FILE_JOB, { objectId: busyId }, { singletonKey: busyId });
      await running;

      await queue.start();
      let finished = false;
      const requeue = requeuePendingWork(queue, db, t.config).finally(() => {
        finished = true;
      });
      const health = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(health.statusCode).toBe(200);
      expect(finished).toBe(false);
      expect(await requeue).toEqual({ files: FILES, links: LINKS, ocr: OCR });

      const jobs = () =>
        queryRows<{ name: string; jobs: number; keys: number }>(
          db,
          sql`SELECT name, count(*)::int AS jobs, count(DISTINCT singleton_key)::int AS keys
            FROM pgboss.job WHERE name IN (${FILE_JOB}, ${LINK_PREVIEW_JOB}, ${OCR_JOB})
            GROUP BY name ORDER BY name`,
        );
      // One job an item, the busy file's being the one it already had.
      const once = [
        { name: OCR_JOB, jobs: OCR, keys: OCR },
        { name: LINK_PREVIEW_JOB, jobs: LINKS, keys: LINKS },
        { name: FILE_JOB, jobs: FILES, keys: FILES },
      ];
      expect(await jobs()).toEqual(once);
      // A second start while they all wait adds nothing.
      await requeuePendingWork(queue, db, t.config);
      expect(await jobs()).toEqual(once);
    } finally {
      await other.stop();
      await queue.stop();
      await t.close();
    }
  }, 300_000);
});
