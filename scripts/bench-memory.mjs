#!/usr/bin/env node
// `npm run bench:memory`: the built server on the embedded database (PGlite), as `npm start` runs it
// (the same Node flags, read from package.json), in a fresh data directory. Prints:
// - the time from start to a healthy /api/health (the first start makes the database);
// - its memory once idle (BENCH_IDLE_SECONDS, 10, after it is healthy): RSS (anonymous and file
//   backed), V8's heap and the memory outside it (PGlite's WebAssembly memory is most of that), then
//   the same after a full garbage collection;
// - the same again on a desk of BENCH_ITEMS items (100,000, loaded straight into the database with the
//   search benchmark's generator while the server is stopped), and after a search and a listing;
// - crash recovery: BENCH_CRASHES times (3), a write through the API, kill -9, start again, and the time
//   until /api/health answers (and that the write survived).
// Figures are printed, never asserted. BENCH_PORT (3600), BENCH_NODE_FLAGS replaces the flags.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { loadSearchData } from './bench/search-data.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const env = process.env;
const PORT = Number(env.BENCH_PORT ?? 3600);
const BASE = `http://127.0.0.1:${PORT}`;
const ITEMS = Number(env.BENCH_ITEMS ?? 100_000);
const IDLE_MS = Number(env.BENCH_IDLE_SECONDS ?? 10) * 1000;
const CRASHES = Number(env.BENCH_CRASHES ?? 3);
// `npm start`'s own flags: "node <flags> scripts/start.mjs".
const startScript = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).scripts.start;
const NODE_FLAGS = (
  env.BENCH_NODE_FLAGS ?? startScript.replace(/^node\s+/, '').replace(/\s*scripts\/start\.mjs.*$/, '')
)
  .split(/\s+/)
  .filter(Boolean);
const { openDatabase } = await import(pathToFileURL(path.join(root, 'apps/server/dist/db/client.js')).href);

const mb = (bytes) => `${Math.round(bytes / 1_048_576)} MB`;
const seconds = (ms) => `${(ms / 1000).toFixed(2)} s`;
const dataDir = mkdtempSync(path.join(tmpdir(), 'easio-bench-memory-'));
let server = null;

async function cleanUp() {
  if (server && server.exitCode === null && server.signalCode === null) {
    server.kill('SIGKILL');
    await new Promise((r) => server.once('exit', r));
  }
  rmSync(dataDir, { recursive: true, force: true });
}
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => void cleanUp().finally(() => process.exit(130)));
}

/** Starts the server and answers how long it took to be healthy. */
async function start() {
  const t0 = performance.now();
  server = spawn(
    process.execPath,
    [
      ...NODE_FLAGS,
      '--expose-gc',
      '--import',
      pathToFileURL(path.join(root, 'scripts/bench/memory-probe.mjs')).href,
      path.join(root, 'apps/server/dist/main.js'),
    ],
    {
      env: { ...env, PORT: String(PORT), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    },
  );
  const child = server;
  while (performance.now() - t0 < 180_000) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${BASE}/api/health`)).ok) return performance.now() - t0;
    } catch {}
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error('server did not become healthy in 3 minutes');
}

async function stop(signal = 'SIGTERM') {
  const child = server;
  server = null;
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill(signal);
  await exited;
}

function procStatus() {
  const status = readFileSync(`/proc/${server.pid}/status`, 'utf8');
  const kb = (key) => Number(new RegExp(`${key}:\\s+(\\d+)`).exec(status)?.[1] ?? 0) * 1024;
  return { rss: kb('VmRSS'), anon: kb('RssAnon'), file: kb('RssFile') };
}

/** The server's memory as the system and as Node see it, before and after a full GC. */
async function memory() {
  const before = procStatus();
  const answer = new Promise((resolve) => {
    const on = (m) => {
      if (m?.type !== 'memory') return;
      server.off('message', on);
      resolve(m);
    };
    server.on('message', on);
  });
  server.send({ type: 'measure' });
  const node = await answer;
  return { before, after: procStatus(), node };
}

function printMemory(title, { before, after, node }) {
  const heap = (m) => `heap ${mb(m.heapUsed)} used of ${mb(m.heapTotal)}`;
  // WebAssembly memory (PGlite's) is counted in `external`, beside Buffers (`arrayBuffers`).
  const outside = (m) =>
    `outside the heap ${mb(m.external)} (${mb(m.external - m.arrayBuffers)} not Buffers)`;
  console.log(`${title}`);
  console.log(
    `  RSS ${mb(before.rss)} (anonymous ${mb(before.anon)}, files ${mb(before.file)}); ${heap(node.before)}, ${outside(node.before)}`,
  );
  console.log(`  after a full GC: RSS ${mb(after.rss)}; ${heap(node.after)}, ${outside(node.after)}`);
}

let auth = null;
async function api(method, url, body) {
  const res = await fetch(`${BASE}${url}`, {
    method,
    headers: { ...auth, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!res.ok) throw new Error(`${method} ${url} → ${res.status} ${await res.text()}`);
  return res.json();
}

async function signIn(email, password) {
  const res = await fetch(`${BASE}/api/auth/token`, {
    method: 'POST',
    body: new URLSearchParams({ username: email, password }),
  });
  if (!res.ok) throw new Error(`token → ${res.status} ${await res.text()}`);
  auth = { authorization: `Bearer ${(await res.json()).access_token}` };
}

const idle = () => new Promise((r) => setTimeout(r, IDLE_MS));

try {
  console.log(`Node flags: ${NODE_FLAGS.join(' ') || '(none)'}; data in ${dataDir}`);
  console.log(`first start (makes the database): healthy after ${seconds(await start())}`);
  await idle();
  printMemory(`idle ${IDLE_MS / 1000} s after start, empty database:`, await memory());
  await stop();
  console.log(`start again: healthy after ${seconds(await start())}`);
  await idle();
  printMemory(`idle ${IDLE_MS / 1000} s after start, empty database, second start:`, await memory());
  const user = { username: 'bench_memory', email: 'bench.memory@example.com', hashed_password: 'Secret12#' };
  await api('POST', '/api/auth/signup', { ...user, region: 'IN', age_confirmation: 'adult' });
  await stop();

  console.log(`\nloading ${ITEMS.toLocaleString('en-US')} items…`);
  const database = await openDatabase({ dataDir });
  const query = (text, params) => database.client.query(text, params);
  try {
    const { rows } = await query('SELECT id, root_folder FROM users WHERE email = $1', [user.email]);
    const bigUser = { id: rows[0].id, rootId: rows[0].root_folder };
    await loadSearchData({
      query,
      bigUser,
      users: 1,
      objects: ITEMS,
      bigObjects: ITEMS,
      inFlight: 1,
      log: () => {},
    });
    await query('VACUUM ANALYZE objects');
  } finally {
    await database.close();
  }
  console.log(`start with ${ITEMS.toLocaleString('en-US')} items: healthy after ${seconds(await start())}`);
  await idle();
  printMemory(
    `idle ${IDLE_MS / 1000} s after start, ${ITEMS.toLocaleString('en-US')} items:`,
    await memory(),
  );
  await signIn(user.email, user.hashed_password);
  await api('POST', '/api/search/items', { q: 'invoice' });
  await api('POST', '/api/search/items', { source: 'gdrive' });
  await api('GET', '/api/desk/items?limit=50');
  await idle();
  printMemory(`idle ${IDLE_MS / 1000} s after two searches and a listing:`, await memory());

  console.log(`\ncrash recovery (${ITEMS.toLocaleString('en-US')} items): a write, kill -9, start again`);
  const recoveries = [];
  for (let i = 1; i <= CRASHES; i += 1) {
    const note = await api('POST', '/api/desk/items', {
      data_type: 'note_object',
      name: `Written before crash ${i}`,
      content: 'kept',
    });
    await stop('SIGKILL');
    const ms = await start();
    recoveries.push(ms);
    await signIn(user.email, user.hashed_password);
    const kept = await api('GET', `/api/desk/objects/${note.id}`).then(
      (o) => o.name === note.name,
      () => false,
    );
    console.log(`  crash ${i}: healthy after ${seconds(ms)}; the write before it ${kept ? 'kept' : 'LOST'}`);
  }
  const sorted = recoveries.sort((a, b) => a - b);
  console.log(
    `  recovery: median ${seconds(sorted[Math.floor(sorted.length / 2)])}, slowest ${seconds(sorted.at(-1))}`,
  );
  await stop();
} catch (e) {
  console.error(e);
  process.exitCode = 1;
} finally {
  await cleanUp();
}
