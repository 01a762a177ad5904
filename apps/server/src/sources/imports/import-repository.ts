import type { ConnectionService, ImportRun, ImportState } from '@easio/shared';
import { and, desc, eq, inArray, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { type ImportRow, imports, sourceConnections } from '../../db/schema.js';

/** What `begin` records of an upload that passed its whole-file check. */
export interface NewImport {
  ownerId: string;
  connectionId: string;
  service: ConnectionService;
  fileName: string;
  size: number;
  totals: Record<string, number>;
}

/** Imports not finished: one of these per connection at most. */
export const UNFINISHED: ImportState[] = ['queued', 'running', 'interrupted', 'failed'];

/** An import as the API shows it: its own counts once done, the connection's live ones before. */
function runOf(row: ImportRow, live: Record<string, number> | null): ImportRun {
  const counts = row.state === 'done' || !live ? row.counts : live;
  return {
    id: row.id,
    service: row.service as ImportRun['service'],
    state: row.state as ImportState,
    file_name: row.fileName,
    size: row.size,
    totals: row.totals,
    steps: row.steps,
    position: row.position,
    counts: {
      seen: counts.seen ?? 0,
      imported: counts.imported ?? 0,
      skipped: counts.skipped ?? 0,
      failed: counts.failed ?? 0,
    },
    error: row.error,
    created_at: row.createdAt.toISOString(),
    finished_at: row.finishedAt?.toISOString() ?? null,
  };
}

/** The only writer of `imports`: an uploaded export's state, its position and its counts. */
export function createImportRepository(db: Db) {
  const liveCounts = sql<Record<string, number>>`jsonb_build_object('seen', ${sourceConnections.seen},
    'imported', ${sourceConnections.imported}, 'skipped', ${sourceConnections.skipped},
    'failed', ${sourceConnections.failed})`;

  return {
    async insert(values: NewImport & { id: string }): Promise<ImportRow> {
      const [row] = await db.insert(imports).values(values).returning();
      if (!row) throw new Error('import not saved');
      return row;
    },

    async find(id: string): Promise<ImportRow | undefined> {
      const [row] = await db.select().from(imports).where(eq(imports.id, id));
      return row;
    },

    /** The owner's import as the API shows it; undefined when it is not theirs. */
    async run(ownerId: string, id: string): Promise<ImportRun | undefined> {
      const [found] = await db
        .select({ row: imports, live: liveCounts })
        .from(imports)
        .innerJoin(sourceConnections, eq(sourceConnections.id, imports.connectionId))
        .where(and(eq(imports.id, id), eq(imports.ownerId, ownerId)));
      return found && runOf(found.row, found.live);
    },

    /** The owner's imports, newest first: the unfinished ones and the last few done. */
    async runs(ownerId: string, limit: number): Promise<ImportRun[]> {
      const rows = await db
        .select({ row: imports, live: liveCounts })
        .from(imports)
        .innerJoin(sourceConnections, eq(sourceConnections.id, imports.connectionId))
        .where(eq(imports.ownerId, ownerId))
        .orderBy(desc(imports.createdAt))
        .limit(limit);
      return rows.map((r) => runOf(r.row, r.live));
    },

    /** The connection's import not finished, if any. */
    async unfinishedOf(connectionId: string): Promise<ImportRow | undefined> {
      const [row] = await db
        .select()
        .from(imports)
        .where(and(eq(imports.connectionId, connectionId), inArray(imports.state, UNFINISHED)));
      return row;
    },

    /** Takes a queued import to run it; undefined when it is not queued (run elsewhere, discarded, done). */
    async claim(id: string): Promise<ImportRow | undefined> {
      const [row] = await db
        .update(imports)
        .set({ state: 'running', error: null, heartbeatAt: sql`now()`, updatedAt: sql`now()` })
        .where(and(eq(imports.id, id), eq(imports.state, 'queued')))
        .returning();
      return row;
    },

    /** An interrupted or failed import queued again; false when it is in no such state. */
    async requeue(id: string): Promise<boolean> {
      const rows = await db
        .update(imports)
        .set({ state: 'queued', error: null, updatedAt: sql`now()` })
        .where(and(eq(imports.id, id), inArray(imports.state, ['interrupted', 'failed'])))
        .returning({ id: imports.id });
      return rows.length > 0;
    },

    async setSteps(id: string, steps: number): Promise<void> {
      await db.update(imports).set({ steps }).where(eq(imports.id, id));
    },

    /** A step stored; false when the import is no longer running here (discarded meanwhile). */
    async advance(id: string, position: number): Promise<boolean> {
      const rows = await db
        .update(imports)
        .set({ position, heartbeatAt: sql`now()`, updatedAt: sql`now()` })
        .where(and(eq(imports.id, id), eq(imports.state, 'running')))
        .returning({ id: imports.id });
      return rows.length > 0;
    },

    async heartbeat(id: string): Promise<void> {
      await db
        .update(imports)
        .set({ heartbeatAt: sql`now()` })
        .where(and(eq(imports.id, id), eq(imports.state, 'running')));
    },

    /**
     * A running import ends: `done` (its counts kept), `failed` with its reason, or back to `queued` (the
     * server stopping: it goes on at the next start). False when it was no longer running (discarded).
     */
    async finish(
      id: string,
      outcome:
        | { state: 'done'; counts: Record<string, number> }
        | { state: 'failed'; error: string }
        | { state: 'queued' },
    ): Promise<boolean> {
      const rows = await db
        .update(imports)
        .set({
          state: outcome.state,
          error: outcome.state === 'failed' ? outcome.error : null,
          ...(outcome.state === 'done' && { counts: outcome.counts, finishedAt: sql`now()` }),
          updatedAt: sql`now()`,
        })
        .where(and(eq(imports.id, id), eq(imports.state, 'running')))
        .returning({ id: imports.id });
      return rows.length > 0;
    },

    async remove(id: string): Promise<void> {
      await db.delete(imports).where(eq(imports.id, id));
    },

    /**
     * Running imports whose worker has not been heard of since `before` were cut off (the process died):
     * `interrupted`, with why. Answers their connections.
     */
    async interruptStale(before: Date, reason: string): Promise<{ id: string; connectionId: string }[]> {
      return db
        .update(imports)
        .set({ state: 'interrupted', error: reason, updatedAt: sql`now()` })
        .where(
          and(
            eq(imports.state, 'running'),
            or(sql`${imports.heartbeatAt} IS NULL`, lt(imports.heartbeatAt, before)),
          ),
        )
        .returning({ id: imports.id, connectionId: imports.connectionId });
    },

    async queuedIds(): Promise<string[]> {
      const rows = await db.select({ id: imports.id }).from(imports).where(eq(imports.state, 'queued'));
      return rows.map((r) => r.id);
    },

    /** Of these ids, those of imports still unfinished (whose kept upload is still needed). */
    async unfinishedIds(ids: string[]): Promise<Set<string>> {
      if (ids.length === 0) return new Set();
      const rows = await db
        .select({ id: imports.id })
        .from(imports)
        .where(and(inArray(imports.id, ids), inArray(imports.state, UNFINISHED)));
      return new Set(rows.map((r) => r.id));
    },
  };
}

export type ImportRepository = ReturnType<typeof createImportRepository>;
