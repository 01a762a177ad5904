import { existsSync } from 'node:fs';
import type { ImportRun, SourceConnection } from '@easio/shared';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { objects } from '../../db/schema.js';
import { bigBookmarks } from '../../test/big-export-samples.js';
import { DB_KINDS } from '../../test/databases.js';
import { importSettled } from '../../test/imports.js';
import { multipartBody } from '../../test/multipart.js';
import { buildTestApp, signedInUser, type TestApp } from '../../test/test-app.js';
import { reclaimImports } from './import-jobs.js';

const LINKS = 1_000;

/**
 * Runs the import in this server until it is about to store step `step`, then stops it there for good,
 * as a killed process would: no more writes, nothing said.
 */
async function runUntilCrash(t: TestApp, id: string, step: number): Promise<void> {
  await new Promise<void>((reached) => {
    void t.services.imports.runner.run(id, {
      beforeStep: async (at) => {
        if (at < step) return;
        reached();
        await new Promise(() => {});
      },
    });
  });
}

describe.each(DB_KINDS)('an import cut off by a crash, on %s', (kind) => {
  it('shows interrupted with its counts after a restart, and Resume finishes it with every link once', {
    timeout: 180_000,
  }, async () => {
    // The first server takes the upload and starts storing it, then dies midway: at its fourth step the
    // run stops for good, as a killed process would (no job queue: the run is started by hand).
    const crashed = await buildTestApp(kind);
    const me = await signedInUser(crashed.app);
    const body = multipartBody([{ name: 'bookmarks.html', bytes: Buffer.from(bigBookmarks(LINKS, 10)) }]);
    const res = await crashed.app.inject({
      method: 'POST',
      url: '/api/imports/bookmarks',
      headers: { ...me.auth, ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode, res.body).toBe(202);
    const { id } = res.json<ImportRun>();
    expect(crashed.importsAsked).toEqual([id]);
    await runUntilCrash(crashed, id, 3);

    // A new server on the same database and data directory.
    const restarted = await buildTestApp(kind, {
      database: crashed.database,
      blobs: crashed.blobs,
      dataDir: crashed.config.dataDir,
      imports: true,
    });
    try {
      const { kept } = restarted.services.imports;
      expect(existsSync(kept.pathOf(id)), 'the upload is kept').toBe(true);
      const found = await reclaimImports(restarted.database.db, restarted.services.importScheduler, kept, {
        before: new Date(),
      });
      expect(found).toMatchObject({ interrupted: 1 });

      const interrupted = await restarted.app.inject({
        method: 'GET',
        url: `/api/imports/runs/${id}`,
        headers: me.auth,
      });
      const run = interrupted.json<ImportRun>();
      expect(run).toMatchObject({
        state: 'interrupted',
        position: 3,
        error: expect.stringContaining('Resume'),
      });
      expect(run.counts.imported).toBeGreaterThan(0);
      expect(run.counts.imported).toBeLessThan(LINKS);
      const sources = await restarted.app.inject({ method: 'GET', url: '/api/sources', headers: me.auth });
      const connection = sources
        .json<{ connections: SourceConnection[] }>()
        .connections.find((c) => c.service === 'bookmarks');
      expect(connection).toMatchObject({ state: 'interrupted', progress: { imported: run.counts.imported } });

      const resumed = await restarted.app.inject({
        method: 'POST',
        url: `/api/imports/runs/${id}/resume`,
        headers: me.auth,
      });
      expect(resumed.statusCode, resumed.body).toBe(202);
      const done = await importSettled(restarted, me.auth, id);
      expect(done).toMatchObject({ state: 'done', error: null, finished_at: expect.any(String) });
      expect(done.counts.failed).toBe(0);

      const links = await restarted.database.db
        .select({ url: objects.url })
        .from(objects)
        .where(and(eq(objects.ownerId, me.info.id as string), eq(objects.dataType, 'url_object')));
      expect(links).toHaveLength(LINKS);
      expect(new Set(links.map((l) => l.url)).size).toBe(LINKS);
      // Removed right after the import is marked done.
      await vi.waitFor(() => expect(existsSync(kept.pathOf(id)), 'the kept upload is removed').toBe(false));
      const after = await restarted.app.inject({ method: 'GET', url: '/api/sources', headers: me.auth });
      expect(JSON.stringify(after.json())).toContain('"state":"idle"');
      // Resuming what is done is refused; another user cannot see it.
      const again = await restarted.app.inject({
        method: 'POST',
        url: `/api/imports/runs/${id}/resume`,
        headers: me.auth,
      });
      expect(again.statusCode).toBe(409);
      const stranger = await signedInUser(restarted.app);
      const theirs = await restarted.app.inject({
        method: 'GET',
        url: `/api/imports/runs/${id}`,
        headers: stranger.auth,
      });
      expect(theirs.statusCode).toBe(404);
    } finally {
      await restarted.close();
      await crashed.close();
    }
  });

  it('discards an interrupted import with its kept upload, leaving what it stored', {
    timeout: 180_000,
  }, async () => {
    const t = await buildTestApp(kind);
    try {
      const me = await signedInUser(t.app);
      const body = multipartBody([{ name: 'bookmarks.html', bytes: Buffer.from(bigBookmarks(500, 5)) }]);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/imports/bookmarks',
        headers: { ...me.auth, ...body.headers },
        payload: body.payload,
      });
      const { id } = res.json<ImportRun>();
      await runUntilCrash(t, id, 2);
      const { kept } = t.services.imports;
      await reclaimImports(t.database.db, t.services.importScheduler, kept, { before: new Date() });
      const discarded = await t.app.inject({
        method: 'POST',
        url: `/api/imports/runs/${id}/discard`,
        headers: me.auth,
      });
      expect(discarded.json()).toEqual({ discarded: true });
      expect(existsSync(kept.pathOf(id))).toBe(false);
      const runs = await t.app.inject({ method: 'GET', url: '/api/imports/runs', headers: me.auth });
      expect(runs.json()).toEqual({ imports: [] });
      const sources = await t.app.inject({ method: 'GET', url: '/api/sources', headers: me.auth });
      const connection = sources
        .json<{ connections: SourceConnection[] }>()
        .connections.find((c) => c.service === 'bookmarks');
      expect(connection?.state).toBe('idle');
      expect(connection?.items).toBeGreaterThan(0);
    } finally {
      await t.close();
    }
  });
});
