#!/usr/bin/env node
// `npm run bench:search`: search latency on a large desk. Loads realistic desks (scripts/bench/
// search-data.mjs), then times each kind of search for the biggest user, ~200 times with varied words,
// (a) as raw SQL (`searchSql` + `db.execute`) and (b) through the HTTP API of the built server (a child
// process on the same data, sequential requests), the two interleaved request by request so a busy
// machine slows both alike, after a few untimed requests of each. Prints p50/p95/p99, the API's cost
// as a multiple of the raw SQL's (per query, and over all text and all filter-only queries), the
// answers' sizes, the load time, row counts and EXPLAIN (ANALYZE, BUFFERS) of a text and a filter-only
// query. Figures are printed, never asserted.
//
// PostgreSQL: a fresh database made from BENCH_PG_URL (dropped at the end unless BENCH_KEEP=1) with
// BENCH_OBJECTS objects (1,000,000) across BENCH_USERS users (100), the searched one holding
// BENCH_BIG_USER_OBJECTS (a tenth). PGlite: one user with BENCH_BIG_USER_OBJECTS objects (100,000) in a
// fresh data directory; the server runs on a copy of it, made after the load (one PGlite process per
// directory). BENCH_ONLY=postgres|pglite runs one; BENCH_RUNS sets the runs per query (200);
// BENCH_PG_DATABASE=<name> times a database kept by an earlier run again (after migrating it) instead
// of loading a new one; BENCH_PGLITE_DIR=<dir> keeps PGlite's data directory there, and times it again
// when an earlier run loaded it.
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { searchRequestSchema } from '@easio/shared';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { createRandom, loadSearchData, queryWords } from './bench/search-data.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const dist = (file) => pathToFileURL(path.join(root, 'apps/server/dist', file)).href;
const { openDatabase, openPostgres } = await import(dist('db/client.js'));
const searchSql = await import(dist('search/statement.js')).then(
  (m) => m.searchSql,
  () => null,
);
const vocabulary = await import(dist('search/vocabulary.js')).catch(() => null);
const { correctableWords } = await import(dist('search/parse-query.js'));

const env = process.env;
const RUNS = Number(env.BENCH_RUNS ?? 200);
/** Untimed requests of each kind first, on both paths: caches and the JIT warmed alike. */
const WARMUP = Math.min(RUNS, 10);
const USERS = Number(env.BENCH_USERS ?? 100);
const OBJECTS = Number(env.BENCH_OBJECTS ?? 1_000_000);
const BIG_OBJECTS = Number(env.BENCH_BIG_USER_OBJECTS ?? (USERS > 1 ? Math.round(OBJECTS / 10) : OBJECTS));
const PG_URL = env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const PORT = Number(env.BENCH_PORT ?? 3500);
const BASE = `http://127.0.0.1:${PORT}`;
const ONLY = env.BENCH_ONLY;
if (ONLY && ONLY !== 'postgres' && ONLY !== 'pglite') throw new Error('BENCH_ONLY is postgres or pglite');

const BIG_USER = {
  username: 'bench_search',
  email: 'bench.search@example.com',
  hashed_password: 'Secret12#',
  region: 'IN',
  age_confirmation: 'adult',
};

const fmt = (n) => n.toLocaleString('en-US');
const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

// Whatever is still open when the run ends or is interrupted: servers, databases, directories.
const cleanups = [];
async function cleanUp() {
  while (cleanups.length > 0)
    await cleanups
      .pop()()
      .catch((e) => console.error(e));
}
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => void cleanUp().finally(() => process.exit(130)));
}

// --- the server, as a child process -----------------------------------------------------------------

async function startServer(serverEnv) {
  const child = spawn(
    process.execPath,
    ['--max-semi-space-size=2', path.join(root, 'apps/server/dist/main.js')],
    {
      env: { ...env, ...serverEnv, PORT: String(PORT), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  };
  cleanups.push(stop);
  for (let i = 0; i < 600; i += 1) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${BASE}/api/health`)).ok) return { stop };
    } catch {}
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('server did not start');
}

async function signUp() {
  const res = await fetch(`${BASE}/api/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(BIG_USER),
  });
  if (!res.ok) throw new Error(`signup → ${res.status} ${await res.text()}`);
}

async function signIn() {
  const res = await fetch(`${BASE}/api/auth/token`, {
    method: 'POST',
    body: new URLSearchParams({ username: BIG_USER.email, password: BIG_USER.hashed_password }),
  });
  if (!res.ok) throw new Error(`token → ${res.status} ${await res.text()}`);
  return { authorization: `Bearer ${(await res.json()).access_token}` };
}

// --- the queries ---------------------------------------------------------------------------------

/** Each case: a label and RUNS request bodies (as a client sends them), varied from run to run. */
function buildCases(drawers) {
  const w = queryWords();
  const rng = createRandom(42);
  const now = Date.now();
  const day = (t) => new Date(t).toISOString().slice(0, 10);
  const span = (days) => {
    const start = now - (6 * 365 - days) * 86_400_000 * rng.next() - days * 86_400_000;
    return { start_date: day(start), end_date: day(start + days * 86_400_000) };
  };
  const filters = [
    { source: 'gdrive', object_type: 'file_object' },
    { source: 'whatsapp', object_type: 'file_object' },
    { source: 'mail', object_type: 'email_object' },
    { source: 'easio', object_type: 'note_object' },
    { source: 'easio', object_type: 'url_object' },
    { source: ['gdrive', 'dropbox'], object_type: 'file_object' },
    { source: 'calendar', object_type: 'event_object' },
  ];
  const drawer = (i) => drawers[i % drawers.length].id;
  const at = (list, i) => list[i % list.length];
  const cases = [
    ['one word, common', (i) => ({ q: at(w.common, i) })],
    ['one word, medium', (i) => ({ q: at(w.medium, i) })],
    ['one word, rare', (i) => ({ q: at(w.rare, i) })],
    [
      'two words',
      (i) => ({
        q: i % 2 ? `${at(w.common, i)} ${at(w.medium, i + 1)}` : `${at(w.medium, i)} ${at(w.rare, i)}`,
      }),
    ],
    ['prefix (4 letters)', (i) => ({ q: at(w.prefixes, i) })],
    // As the API does: nothing matched as typed, so the words are corrected and searched again.
    ['misspelling', (i) => ({ q: at(w.typos, i) }), { retry: true }],
    // When nothing matches as typed, the API corrects the words from the user's vocabulary and
    // searches again: this is the second statement alone, with the corrections (raw SQL only).
    ['misspelling, corrected', (i) => ({ q: at(w.typos, i) }), { corrected: true, rawOnly: true }],
    ['filter: source + kind', (i) => at(filters, i)],
    ['date range', (i) => span(at([30, 90, 365], i))],
    ['subtree (drawer)', (i) => ({ parent_id: drawer(i) })],
    ['subtree + word', (i) => ({ parent_id: drawer(i), q: at([...w.common, ...w.medium], i) })],
    [
      'text + all filters',
      (i) => ({
        q: at([...w.common, ...w.medium], i),
        source: ['gdrive', 'dropbox', 'easio', 'mail'],
        object_type: ['file_object', 'note_object', 'email_object'],
        ...span(3 * 365),
        parent_id: drawer(i),
      }),
    ],
  ];
  return {
    words: w,
    cases: cases.map(([label, body, rawOptions]) => ({
      label,
      rawOptions,
      bodies: Array.from({ length: RUNS }, (_, i) => body(i)),
    })),
  };
}

/** One path's timings of one case, sorted, with the rows (and bytes) it answered. */
function summary(times, rows, bytes = []) {
  const sorted = (list) => list.sort((a, b) => a - b);
  return { times: sorted(times), rows: sorted(rows), bytes: sorted(bytes) };
}

/** Raw SQL: the parsed request through `searchSql`, run on the loader's drizzle instance. */
async function runRaw(db, ownerId, body, rawOptions) {
  const request = searchRequestSchema.parse(body);
  const t0 = performance.now();
  const corrections = () => vocabulary.correctionsFor(db, ownerId, correctableWords(request.q));
  const options = rawOptions?.corrected ? { corrections: await corrections() } : undefined;
  let result = await db.execute(searchSql(ownerId, request, new Date(), options));
  if (rawOptions?.retry && result.rows.length === 0) {
    const corrected = await corrections();
    if (corrected.size > 0) {
      result = await db.execute(searchSql(ownerId, request, new Date(), { corrections: corrected }));
    }
  }
  return { ms: performance.now() - t0, rows: result.rows.length };
}

/** The HTTP API: one request, timed until its whole answer is read (compressed as a browser asks). */
async function runHttp(auth, body) {
  const t0 = performance.now();
  const res = await fetch(`${BASE}/api/search/items`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json', 'accept-encoding': 'gzip, deflate, br' },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  const ms = performance.now() - t0;
  if (!res.ok) throw new Error(`${res.status} ${text.slice(0, 200)}`);
  return { ms, rows: JSON.parse(text).length, bytes: Buffer.byteLength(text) };
}

/**
 * Both paths, interleaved request by request (raw SQL, then the same search through the API), so
 * whatever else the machine is doing weighs on both alike. Cases marked `rawOnly` are raw only.
 */
async function timeBoth(db, ownerId, auth, cases) {
  console.log(`timing raw SQL and the HTTP API, interleaved (${WARMUP} untimed runs of each first)…`);
  const raw = new Map();
  const http = new Map();
  for (const { label, bodies, rawOptions } of cases) {
    const withHttp = Boolean(auth) && !rawOptions?.rawOnly;
    const r = { times: [], rows: [] };
    const h = { times: [], rows: [], bytes: [], failures: [] };
    let slowest = { ms: -1 };
    const started = performance.now();
    for (const [i, body] of [...bodies.slice(0, WARMUP), ...bodies].entries()) {
      const timed = i >= WARMUP;
      const one = await runRaw(db, ownerId, body, rawOptions);
      if (timed) {
        r.times.push(one.ms);
        r.rows.push(one.rows);
        if (one.ms > slowest.ms) slowest = { ms: one.ms, body };
      }
      if (!withHttp) continue;
      // A failed request is counted and shown with the figures, not allowed to end a long run.
      try {
        const answer = await runHttp(auth, body);
        if (timed) {
          h.times.push(answer.ms);
          h.rows.push(answer.rows);
          h.bytes.push(answer.bytes);
        }
      } catch (e) {
        if (timed) h.failures.push(`${JSON.stringify(body)} → ${e.message}`);
      }
    }
    raw.set(label, { ...summary(r.times, r.rows), slowest, rawOptions });
    const at = (x, p) => pct(x.times, p).toFixed(1);
    let line = `  ${label}: raw p50 ${at(r, 50)} / p95 ${at(r, 95)} ms`;
    if (withHttp) {
      http.set(label, { ...summary(h.times, h.rows, h.bytes), failures: h.failures });
      if (h.times.length > 0) line += `; HTTP p50 ${at(h, 50)} / p95 ${at(h, 95)} ms`;
      if (h.failures.length > 0) line += `; ${h.failures.length} failed, first: ${h.failures[0]}`;
    }
    console.log(`${line} (${((performance.now() - started) / 1000).toFixed(0)} s)`);
  }
  return { raw, http };
}

async function explain(db, ownerId, body, rawOptions) {
  const request = searchRequestSchema.parse(body);
  const options = rawOptions?.corrected
    ? { corrections: await vocabulary.correctionsFor(db, ownerId, correctableWords(request.q)) }
    : undefined;
  const query = searchSql(ownerId, request, new Date(), options);
  const result = await db.execute(sql`EXPLAIN (ANALYZE, BUFFERS) ${query}`);
  // Sort keys and conditions repeat the tsquery and constants: long lines are cut short.
  const cut = (line) => (line.length > 400 ? `${line.slice(0, 400)} …(${line.length} chars)` : line);
  return result.rows.map((r) => cut(r['QUERY PLAN'])).join('\n');
}

async function rowCounts(query, ownerId) {
  const one = async (text, params) => (await query(text, params)).rows;
  const [totals] = await one(
    `SELECT (SELECT count(*) FROM users)::int AS users, count(*)::int AS objects,
       count(*) FILTER (WHERE owner_id = $1)::int AS big FROM objects`,
    [ownerId],
  );
  const kinds = await one(
    `SELECT data_type, count(*)::int AS n FROM objects WHERE owner_id = $1 GROUP BY 1 ORDER BY 2 DESC`,
    [ownerId],
  );
  const sources = await one(
    `SELECT source, count(*)::int AS n FROM objects WHERE owner_id = $1 GROUP BY 1 ORDER BY 2 DESC`,
    [ownerId],
  );
  const [size] = await one(`SELECT pg_size_pretty(pg_total_relation_size('objects')) AS size`);
  return { ...totals, kinds, sources, size: size.size };
}

async function bigUserIds(query) {
  const { rows } = await query('SELECT id, root_folder FROM users WHERE email = $1', [BIG_USER.email]);
  if (!rows[0]?.root_folder) throw new Error('the signed-up user has no root folder');
  return { id: rows[0].id, rootId: rows[0].root_folder };
}

/** A kept database's desk (BENCH_PG_DATABASE): its drawers, as the loader would have answered. */
async function reusedDesk(query, bigUser) {
  const { rows } = await query(
    `SELECT id FROM objects WHERE owner_id = $1 AND data_type = 'drawer_object' ORDER BY created_at, id`,
    [bigUser.id],
  );
  return { reused: true, bigDesk: { drawers: rows } };
}

/** The desk loaded (or a kept one found), analysed and counted, with the requests to time on it. */
async function prepare({ query, users, objects, bigObjects, inFlight, reuse }) {
  const bigUser = await bigUserIds(query);
  let load;
  if (reuse) {
    console.log('reusing the loaded database');
    load = await reusedDesk(query, bigUser);
  } else {
    console.log(`loading ${fmt(objects)} objects for ${users} user(s)…`);
    load = await loadSearchData({ query, bigUser, users, objects, bigObjects, inFlight });
  }
  const t0 = performance.now();
  await query('VACUUM ANALYZE objects');
  await query('VACUUM ANALYZE search_words');
  const analyzeSeconds = (performance.now() - t0) / 1000;
  const counts = await rowCounts(query, bigUser.id);
  const bench = buildCases(load.bigDesk.drawers);
  // The API answers 404 for a parent that is not the user's own folder: check ours are, as it would.
  const drawerIds = bench.cases.flatMap((c) => c.bodies.map((b) => b.parent_id)).filter(Boolean);
  const { rows } = await query(
    `SELECT count(*)::int AS n FROM objects WHERE owner_id = $1 AND id = ANY($2::uuid[]) AND data_type = 'drawer_object'`,
    [bigUser.id, [...new Set(drawerIds)]],
  );
  if (rows[0].n !== new Set(drawerIds).size) throw new Error('a subtree query names a folder the user lacks');
  return { bigUser, load, analyzeSeconds, counts, bench };
}

/** Both paths timed (the API only when `auth` is given), then the plans of a few queries. */
async function measure(database, { bigUser, bench }, auth) {
  if (!searchSql) {
    console.log('apps/server/dist/search/statement.js is missing (run `npm run build`): no timings');
    return { raw: null, http: null, plans: null };
  }
  const { raw, http } = await timeBoth(database.db, bigUser.id, auth, bench.cases);
  // The case slowest at the median, with its slowest request, shows where to look first.
  const [slowLabel, slow] = [...raw].sort(([, a], [, b]) => pct(b.times, 50) - pct(a.times, 50))[0];
  const plans = {
    text: await explain(database.db, bigUser.id, { q: bench.words.common[0] }),
    filter: await explain(database.db, bigUser.id, { source: 'gdrive', object_type: 'file_object' }),
    slowest: {
      title: `the slowest query at the median, ${slowLabel}, its slowest request ${JSON.stringify(slow.slowest.body)}`,
      plan: await explain(database.db, bigUser.id, slow.slowest.body, slow.rawOptions),
    },
  };
  return { raw, http, plans };
}

// --- PostgreSQL -----------------------------------------------------------------------------------

async function runPostgres() {
  // BENCH_PG_DATABASE names a database an earlier run kept (BENCH_KEEP=1): timed again, not reloaded.
  const reuse = env.BENCH_PG_DATABASE;
  const dbName = reuse ?? `easio_bench_search_${Date.now()}`;
  const admin = async (statement) => {
    const client = new pg.Client({ connectionString: PG_URL });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  if (!reuse) {
    await admin(`CREATE DATABASE "${dbName}"`);
    // Memory for building the indexes again after the load (GIN builds in memory, then writes).
    await admin(`ALTER DATABASE "${dbName}" SET maintenance_work_mem = '256MB'`);
  }
  cleanups.push(async () => {
    if (env.BENCH_KEEP === '1' || reuse) console.log(`kept database ${dbName}`);
    else await admin(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`);
  });
  const url = new URL(PG_URL);
  url.pathname = `/${dbName}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'easio-bench-search-'));
  cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
  console.log(`\n== PostgreSQL (database ${dbName}) ==`);

  const server = await startServer({ DATABASE_URL: url.toString(), DATA_DIR: dataDir });
  if (!reuse) await signUp();
  const auth = await signIn();
  const database = await openPostgres(url.toString());
  // An idle connection the server ends (a restart, a forced drop) is reported, not a crash.
  database.client.on('error', (e) => console.error(`database connection: ${e.message}`));
  cleanups.push(() => database.close());
  const query = (text, params) => database.client.query(text, params);
  const prepared = await prepare({
    query,
    users: USERS,
    objects: OBJECTS,
    bigObjects: BIG_OBJECTS,
    inFlight: 2,
    reuse: Boolean(reuse),
  });
  await query('CHECKPOINT').catch(() => undefined);
  const measured = await measure(database, prepared, auth);
  await server.stop();
  await cleanUp();
  return { name: 'PostgreSQL', ...prepared, ...measured };
}

// --- PGlite ---------------------------------------------------------------------------------------

async function runPglite() {
  // BENCH_PGLITE_DIR keeps the loaded directory for the next run, which times it again.
  const kept = env.BENCH_PGLITE_DIR;
  const dataDir = kept ? path.resolve(kept) : mkdtempSync(path.join(tmpdir(), 'easio-bench-search-'));
  const reuse = Boolean(kept) && existsSync(path.join(dataDir, 'loaded'));
  if (kept) cleanups.push(async () => console.log(`kept ${dataDir}`));
  else cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
  console.log(`\n== PGlite (${dataDir}) ==`);
  // One process at a time opens a PGlite directory: sign up through the server, stop it, load here,
  // then give the server a copy of the loaded directory, so both paths can be timed side by side.
  if (!reuse) {
    const server = await startServer({ DATA_DIR: dataDir });
    await signUp();
    await server.stop();
  }
  let database = await openDatabase({ dataDir });
  const query = (text, params) => database.client.query(text, params);
  let prepared;
  try {
    prepared = await prepare({
      query,
      users: 1,
      objects: BIG_OBJECTS,
      bigObjects: BIG_OBJECTS,
      inFlight: 1,
      reuse,
    });
  } finally {
    await database.close();
  }
  if (kept) cpSync(path.join(dataDir, 'pglite', 'PG_VERSION'), path.join(dataDir, 'loaded'));
  const serverDir = mkdtempSync(path.join(tmpdir(), 'easio-bench-search-server-'));
  cleanups.push(async () => rmSync(serverDir, { recursive: true, force: true }));
  cpSync(dataDir, serverDir, { recursive: true });
  const server = await startServer({ DATA_DIR: serverDir });
  database = await openDatabase({ dataDir });
  let measured;
  try {
    measured = await measure(database, prepared, await signIn());
  } finally {
    await database.close();
    await server.stop();
  }
  await cleanUp();
  return { name: 'PGlite', ...prepared, ...measured };
}

// --- the report -----------------------------------------------------------------------------------

function report(r) {
  const c = r.counts;
  console.log(
    `\n## ${r.name}: ${fmt(c.objects)} objects, ${c.users} users; the searched user has ${fmt(c.big)}`,
  );
  const l = r.load;
  if (l.reused) console.log('(a database loaded by an earlier run)');
  else
    console.log(
      `load ${l.seconds.toFixed(1)} s (${fmt(Math.round(c.objects / l.seconds))} rows/s): insert ${l.insertSeconds.toFixed(1)} s, ` +
        `then ${l.indexes.length} indexes ${l.indexSeconds.toFixed(1)} s; VACUUM ANALYZE ${r.analyzeSeconds.toFixed(1)} s; ` +
        `objects with indexes and TOAST: ${c.size}`,
    );
  console.log(`  their kinds:   ${c.kinds.map((k) => `${k.data_type} ${fmt(k.n)}`).join(', ')}`);
  console.log(`  their sources: ${c.sources.map((k) => `${k.source} ${fmt(k.n)}`).join(', ')}`);
  const w = r.bench.words;
  const share = (list) => list.map((x) => `${x} (~${Math.round(w.share(x) * 100)}%)`).join(', ');
  console.log(`  words (share of ~300-word documents holding them):`);
  console.log(`    common: ${share(w.common)}`);
  console.log(`    medium: ${share(w.medium)}`);
  console.log(`    rare:   ${share(w.rare)}`);
  console.log(`    prefixes: ${[...new Set(w.prefixes)].join(', ')}; misspellings: ${w.typos.join(', ')}`);
  console.log(
    `  ${r.bench.cases[0].bodies.length} runs per query, ms; rows = median rows answered (limit 50; the raw SQL asks for one more);\n` +
      "  answer KB = the median answer's JSON (sent compressed); a misspelling is searched as typed,\n" +
      '  then corrected and searched again, on both paths\n',
  );
  const cols = (x) =>
    x?.times.length > 0
      ? [50, 95, 99].map((p) => pct(x.times, p).toFixed(1).padStart(7)).join(' ')
      : '      —       —       —';
  const ratio = (raw, http, p) =>
    raw?.times.length > 0 && http?.times.length > 0 ? pct(http.times, p) / pct(raw.times, p) : null;
  const times = (x) => (x === null ? '     —' : `${x.toFixed(1)}×`.padStart(6));
  console.log(
    `  ${'query'.padEnd(24)} ${'rows'.padStart(4)}   ${'raw SQL p50     p95     p99'.padStart(27)}   ${'HTTP p50     p95     p99'.padStart(24)}` +
      `   HTTP/raw p50    p95   answer KB`,
  );
  for (const { label } of r.bench.cases) {
    const raw = r.raw?.get(label);
    const http = r.http?.get(label);
    const rows = (raw ?? http) ? pct((raw ?? http).rows, 50) : '—';
    const kb = http?.bytes.length > 0 ? (pct(http.bytes, 50) / 1024).toFixed(1) : '—';
    console.log(
      `  ${label.padEnd(24)} ${String(rows ?? '—').padStart(4)}   ${cols(raw)}   ${cols(http)}` +
        `   ${' '.repeat(6)}${times(ratio(raw, http, 50))} ${times(ratio(raw, http, 95))}   ${kb.padStart(9)}`,
    );
  }
  // All text searches, and all filter-only ones, each as one pool of requests.
  const pools = [
    ['text', (c) => Boolean(c.bodies[0].q)],
    ['filter-only', (c) => !c.bodies[0].q],
  ];
  console.log('');
  for (const [name, holds] of pools) {
    const labels = r.bench.cases.filter((c) => holds(c) && r.http?.get(c.label)?.times.length > 0);
    if (labels.length === 0) continue;
    const pool = (results) => ({
      times: labels.flatMap((c) => results.get(c.label).times).sort((a, b) => a - b),
    });
    const raw = pool(r.raw);
    const http = pool(r.http);
    const at = (x, p) => pct(x.times, p).toFixed(1);
    console.log(
      `  ${name} searches (${labels.length} queries, ${fmt(http.times.length)} requests): ` +
        `raw SQL p50 ${at(raw, 50)} / p95 ${at(raw, 95)} ms, HTTP p50 ${at(http, 50)} / p95 ${at(http, 95)} ms; ` +
        `HTTP/raw p50 ${ratio(raw, http, 50).toFixed(2)}×, p95 ${ratio(raw, http, 95).toFixed(2)}×`,
    );
  }
  for (const [label, { failures }] of r.http ?? []) {
    if (failures.length > 0) console.log(`  HTTP ${label}: ${failures.length} failed, first: ${failures[0]}`);
  }
}

// One failed run (a database gone, a server crashed) still leaves the other's figures to print.
const results = [];
for (const [name, run] of [
  ['postgres', runPostgres],
  ['pglite', runPglite],
]) {
  if (ONLY && ONLY !== name) continue;
  try {
    results.push(await run());
  } catch (e) {
    console.error(`\nthe ${name} run failed:`, e);
    process.exitCode = 1;
  } finally {
    await cleanUp();
  }
}
for (const r of results) report(r);
for (const r of results) {
  if (!r.plans) continue;
  console.log(`\n## ${r.name}: EXPLAIN (ANALYZE, BUFFERS), one common word: ${r.bench.words.common[0]}`);
  console.log(r.plans.text);
  console.log(`\n## ${r.name}: EXPLAIN (ANALYZE, BUFFERS), source gdrive + kind file_object`);
  console.log(r.plans.filter);
  console.log(`\n## ${r.name}: EXPLAIN (ANALYZE, BUFFERS), ${r.plans.slowest.title}`);
  console.log(r.plans.slowest.plan);
}
