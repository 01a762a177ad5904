import type { DeskObject } from '@easio/shared';
import { describe, expect, it } from 'vitest';
import { requeuePendingPreviews } from '../links/link-preview-jobs.js';
import { requeuePendingFiles } from '../processing/register-file-jobs.js';
import { DB_KINDS } from '../test/databases.js';
import { multipartBody } from '../test/multipart.js';
import { samplePdf } from '../test/sample-files.js';
import { buildTestApp, signedInUser } from '../test/test-app.js';

describe.each(DB_KINDS)('work left pending by a crash on %s', (kind) => {
  it('a file stored but never queued is processed when the server starts again, once', async () => {
    // The first server stores the upload and dies before queueing its job: it has no queue at all.
    const crashed = await buildTestApp(kind);
    const me = await signedInUser(crashed.app);
    const body = multipartBody([{ name: 'lease.pdf', bytes: samplePdf(['Lease of the flat on Quayside']) }]);
    const res = await crashed.app.inject({
      method: 'POST',
      url: '/api/desk/uploads',
      headers: { ...me.auth, ...body.headers },
      payload: body.payload,
    });
    const stored = (res.json() as { items: DeskObject[] }).items[0] as DeskObject;
    expect(stored.job_state).toBe('pending');

    const restarted = await buildTestApp(kind, {
      database: crashed.database,
      blobs: crashed.blobs,
      processFiles: true,
    });
    try {
      const queue = restarted.queue;
      if (!queue) throw new Error('the restarted server has a queue');
      expect(await requeuePendingFiles(queue, restarted.database.db)).toBe(1);
      // A second start while the job still waits adds no second job.
      await requeuePendingFiles(queue, restarted.database.db);
      await queue.drain();
      const read = await restarted.app.inject({
        method: 'GET',
        url: `/api/desk/objects/${stored.id}`,
        headers: me.auth,
      });
      const done = read.json() as DeskObject;
      expect(done.job_state).toBe('done');
      expect(done.content).toContain('Quayside');
      // Nothing is left pending, so the next start queues nothing.
      expect(await requeuePendingFiles(queue, restarted.database.db)).toBe(0);
      expect(await requeuePendingPreviews(queue, restarted.database.db)).toBe(0);
    } finally {
      await restarted.close();
      await crashed.close();
    }
  });
});
