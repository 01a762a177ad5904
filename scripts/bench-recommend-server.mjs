#!/usr/bin/env node
// The second half of `npm run bench:recommend`: the desk of bench/recommend-desk.mjs stored as one
// user's objects (drawers, binders, files with their text) in a fresh embedded database (or the
// PostgreSQL database of BENCH_PG_URL, which must exist and be empty), then one generation through
// the server's own code (`generateRecommendations`: reading the desk in pages, training, grouping,
// storing the recommendations). Prints its time and this process's RSS before and at peak (with
// PGlite that includes the embedded database). Figures are printed, never asserted.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase, queryRows } from '../apps/server/dist/db/client.js';
import { objects, users } from '../apps/server/dist/db/schema.js';
import { generateRecommendations } from '../apps/server/dist/recommendations/generate.js';
import { binders, filed, unfiled } from './bench/recommend-desk.mjs';

const mb = (bytes) => Math.round(bytes / 1_048_576);
const dataDir = mkdtempSync(path.join(tmpdir(), 'easio-bench-recommend-'));
const databaseUrl = process.env.BENCH_PG_URL;
const database = await openDatabase({ dataDir, ...(databaseUrl ? { databaseUrl } : {}) });
const { db } = database;

try {
  const t0 = performance.now();
  const [user] = await db
    .insert(users)
    .values({ username: 'bench', email: 'bench@example.com', passwordHash: 'x' })
    .returning({ id: users.id });
  const ownerId = user.id;
  const [root] = await db
    .insert(objects)
    .values({ ownerId, dataType: 'root_object', name: 'My Desk' })
    .returning({ id: objects.id });
  await db.update(users).set({ rootFolder: root.id }).where(sql`id = ${ownerId}`);

  const drawerIds = new Map();
  for (const b of binders) {
    if (drawerIds.has(b.drawerId)) continue;
    const [d] = await db
      .insert(objects)
      .values({ ownerId, parentId: root.id, dataType: 'drawer_object', name: b.drawerName })
      .returning({ id: objects.id });
    drawerIds.set(b.drawerId, d.id);
  }
  const binderIds = new Map();
  for (const b of binders) {
    const [row] = await db
      .insert(objects)
      .values({ ownerId, parentId: drawerIds.get(b.drawerId), dataType: 'binder_object', name: b.name })
      .returning({ id: objects.id });
    binderIds.set(b.id, row.id);
  }
  const rowOf = (item, parentId) => ({
    ownerId,
    parentId,
    dataType: item.kind,
    source: item.source,
    name: item.name,
    mimeType: item.mimeType,
    content: item.text,
  });
  const all = [
    ...filed.map((item) => rowOf(item, binderIds.get(item.binderId))),
    ...unfiled.map((item) => rowOf(item, root.id)),
  ];
  for (let i = 0; i < all.length; i += 1000) await db.insert(objects).values(all.slice(i, i + 1000));
  const [{ count }] = await queryRows(
    db,
    sql`SELECT count(*)::int AS count FROM objects WHERE owner_id = ${ownerId}`,
  );
  console.log(
    `\nThrough the server on ${databaseUrl ? 'PostgreSQL' : 'PGlite'}: ${count.toLocaleString('en-US')} objects stored in ${((performance.now() - t0) / 1000).toFixed(0)} s`,
  );

  all.length = 0;
  globalThis.gc?.();
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 20);
  const t1 = performance.now();
  const result = await generateRecommendations(db, ownerId);
  const ms = performance.now() - t1;
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss);
  console.log(
    `generation ${ms.toFixed(0)} ms (${result.unfiled.toLocaleString('en-US')} unfiled asked about, ${result.created} recommendations stored)`,
  );
  console.log(`RSS        ${mb(before)} MB before, ${mb(peak)} MB at peak (+${mb(peak - before)} MB)`);
} finally {
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
}
