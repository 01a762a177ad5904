#!/usr/bin/env node
// `npm run bench:crash`: a crash with much work waiting. The built server (with `npm start`'s Node flags)
// on a fresh embedded database, or on the empty PostgreSQL database of DATABASE_URL, with BENCH_JOBS
// (100,000) saved links left `pending` (as a crash between storing them and queueing their previews leaves
// them). The links point at a loopback site that holds every page BENCH_HOLD_SECONDS (5) before answering,
// so previews are under way whenever the server is killed. Prints:
// - start with them pending: the time to a healthy /api/health, the slowest /api/health answer while the
//   re-queue runs (asked every 100 ms), and the time until the server says every pending item is queued;
// - then BENCH_FILES (6) pictures uploaded, and `kill -9` while their processing and the previews run:
//   the time until /api/health answers again, the time from the kill until every preview that was under
//   way is asked for again (the site sees it), and until every file found `running` after the restart is
//   processed again (its state read through the API);
// - at the end (stopped cleanly): how many preview jobs were ever queued per pending link (1 is right).
// Figures are printed, never asserted. BENCH_PORT (3650), BENCH_PICKUP_SECONDS (180): how long to wait
// for the pick-up before saying it did not come.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath, pathToFileURL } from 'node:url';
import sharp from 'sharp';

const root = fileURLToPath(new URL('..', import.meta.url));
const env = process.env;
const PORT = Number(env.BENCH_PORT ?? 3650);
const BASE = `http://127.0.0.1:${PORT}`;
const JOBS = Number(env.BENCH_JOBS ?? 100_000);
const FILES = Number(env.BENCH_FILES ?? 6);
const HOLD_MS = Number(env.BENCH_HOLD_SECONDS ?? 5) * 1000;
const PICKUP_MS = Number(env.BENCH_PICKUP_SECONDS ?? 180) * 1000;
const DATABASE_URL = env.DATABASE_URL;
const startScript = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).scripts.start;
const NODE_FLAGS = startScript
  .replace(/^node\s+/, '')
  .replace(/\s*scripts\/start\.mjs.*$/, '')
  .split(/\s+/)
  .filter(Boolean);
const { openDatabase } = await import(pathToFileURL(path.join(root, 'apps/server/dist/db/client.js')).href);

const seconds = (ms) => `${(ms / 1000).toFixed(2)} s`;
const started = (ms) =>
  `${seconds(ms)} (the server counted ${seconds(startupMs ?? 0)} from its first line to listening)`;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const load = () =>
  loadavg()
    .map((n) => n.toFixed(1))
    .join(', ');
const dataDir = mkdtempSync(path.join(tmpdir(), 'easio-bench-crash-'));

// The site the links point at: each page answers after HOLD_MS; `asked` records when each was asked for.
const open = new Set();
const asked = new Map();
const site = http.createServer((req, res) => {
  const id = /^\/page\/([\w-]+)/.exec(req.url ?? '')?.[1];
  if (!id) return res.writeHead(404).end();
  const times = asked.get(id) ?? [];
  times.push(performance.now());
  asked.set(id, times);
  open.add(id);
  const timer = setTimeout(() => {
    open.delete(id);
    res.writeHead(200, { 'content-type': 'text/html' }).end(`<title>Page ${id}</title><p>Held page.</p>`);
  }, HOLD_MS);
  res.on('close', () => {
    clearTimeout(timer);
    open.delete(id);
  });
});
await new Promise((resolve) => site.listen(0, '127.0.0.1', resolve));
const siteBase = `http://127.0.0.1:${site.address().port}`;

let server = null;
/** Lines the server logged (pino JSON), waited for by `logged`. */
let waiters = [];
function logged(test, timeoutMs) {
  return new Promise((resolve, reject) => {
    const waiter = { test, resolve };
    waiters.push(waiter);
    setTimeout(() => {
      waiters = waiters.filter((w) => w !== waiter);
      reject(new Error('not logged in time'));
    }, timeoutMs).unref();
  });
}

async function cleanUp() {
  if (server && server.exitCode === null && server.signalCode === null) {
    server.kill('SIGKILL');
    await new Promise((r) => server.once('exit', r));
  }
  site.closeAllConnections();
  site.close();
  rmSync(dataDir, { recursive: true, force: true });
}
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => void cleanUp().finally(() => process.exit(130)));
}

/** The server's own count, from its start to listening (module loading before it not included). */
let startupMs = null;

/** Starts the server; answers how long until /api/health answered. */
async function start() {
  const t0 = performance.now();
  startupMs = null;
  server = spawn(process.execPath, [...NODE_FLAGS, path.join(root, 'apps/server/dist/main.js')], {
    env: {
      ...env,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      ALLOW_PRIVATE_ADDRESSES: 'true',
      OCR: 'off',
      SYNC_EVERY_MINUTES: '0',
      ...(DATABASE_URL ? { DATABASE_URL } : {}),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  createInterface({ input: server.stdout }).on('line', (line) => {
    let entry;
    try {
      entry = JSON.parse(line);
    } catch {
      return;
    }
    if (entry.level >= 40) console.log(`  [server] ${entry.msg}`);
    if (typeof entry.startupMs === 'number') startupMs = entry.startupMs;
    for (const w of waiters.filter((w) => w.test(entry))) {
      waiters = waiters.filter((x) => x !== w);
      w.resolve(entry);
    }
  });
  const child = server;
  while (performance.now() - t0 < 900_000) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${BASE}/api/health`)).ok) return performance.now() - t0;
    } catch {}
    await sleep(20);
  }
  throw new Error('server did not become healthy in 15 minutes');
}

async function stop(signal = 'SIGTERM') {
  const child = server;
  server = null;
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill(signal);
  await exited;
}

/** Asks /api/health every 100 ms until `done` settles; answers the slowest answer's time. */
async function healthWhile(done) {
  let finished = false;
  done.then(
    () => (finished = true),
    () => (finished = true),
  );
  let slowest = 0;
  let asks = 0;
  while (!finished) {
    const t0 = performance.now();
    await fetch(`${BASE}/api/health`).then((r) => r.arrayBuffer());
    slowest = Math.max(slowest, performance.now() - t0);
    asks += 1;
    await sleep(100);
  }
  return { slowest, asks };
}

let auth = null;
async function api(method, url, body) {
  const res = await fetch(`${BASE}${url}`, { method, headers: { ...auth }, body });
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

async function withDatabase(use) {
  const database = await openDatabase({ dataDir, ...(DATABASE_URL ? { databaseUrl: DATABASE_URL } : {}) });
  try {
    return await use((text, params) => database.client.query(text, params));
  } finally {
    await database.close();
  }
}

const requeued = (entry) => /queued again|left pending/.test(entry.msg ?? '');

try {
  console.log(
    `${DATABASE_URL ? 'PostgreSQL' : 'PGlite'}; ${JOBS.toLocaleString('en-US')} pending links; load average ${load()}`,
  );
  console.log(`first start (makes the database): healthy after ${seconds(await start())}`);
  const user = { username: 'bench_crash', email: 'bench.crash@example.com', hashed_password: 'Secret12#' };
  const signup = await fetch(`${BASE}/api/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...user, region: 'IN', age_confirmation: 'adult' }),
  });
  if (!signup.ok) throw new Error(`signup → ${signup.status} ${await signup.text()}`);
  await stop();

  await withDatabase(async (query) => {
    const { rows } = await query('SELECT id, root_folder FROM users WHERE email = $1', [user.email]);
    await query(
      `INSERT INTO objects (owner_id, parent_id, data_type, name, url, job_state)
       SELECT $1, $2, 'url_object', u, u, 'pending'
       FROM (SELECT $3 || '/page/' || n AS u FROM generate_series(1, $4::int) AS n) AS pages`,
      [rows[0].id, rows[0].root_folder, siteBase, JOBS],
    );
  });
  const requeue = logged(requeued, 1_800_000);
  const t0 = performance.now();
  console.log(
    `\nstart with ${JOBS.toLocaleString('en-US')} pending links: healthy after ${started(await start())}`,
  );
  const during = await healthWhile(requeue);
  const line = await requeue.catch(() => null);
  console.log(
    line
      ? `  all queued ${seconds(performance.now() - t0)} after the start (${JSON.stringify({ links: line.links, files: line.files })}); ` +
          `/api/health asked ${during.asks} times meanwhile, slowest ${seconds(during.slowest)}`
      : '  the re-queue did not end within 30 minutes',
  );

  await signIn(user.email, user.hashed_password);
  const picture = await sharp({
    create: { width: 4000, height: 3000, channels: 3, noise: { type: 'gaussian', mean: 128, sigma: 60 } },
  })
    .png()
    .toBuffer();
  const fileIds = [];
  for (let i = 0; i < FILES; i += 1) {
    const form = new FormData();
    form.append('files', new Blob([Buffer.concat([picture, Buffer.from([i])])]), `noise-${i}.png`);
    const { items } = await api('POST', '/api/desk/uploads', form);
    fileIds.push(...items.map((item) => item.id));
  }
  while (open.size === 0) await sleep(50);
  const underWay = [...open];
  const killedAt = performance.now();
  await stop('SIGKILL');
  console.log(
    `\nkill -9 with ${underWay.length} previews under way and ${FILES} pictures just uploaded (load average ${load()})`,
  );
  const requeueAgain = logged(requeued, 1_800_000);
  console.log(`  healthy again after ${started(await start())}`);
  await signIn(user.email, user.hashed_password);
  const stateOf = async (id) => (await api('GET', `/api/desk/objects/${id}`)).job_state;
  const leftRunning = [];
  for (const id of fileIds) if ((await stateOf(id)) === 'running') leftRunning.push(id);

  const pickedUp = (id) => (asked.get(id) ?? []).some((t) => t > killedAt);
  let previewsAt = null;
  let filesAt = leftRunning.length === 0 ? performance.now() : null;
  while ((previewsAt === null || filesAt === null) && performance.now() - killedAt < PICKUP_MS) {
    if (previewsAt === null && underWay.every(pickedUp)) previewsAt = performance.now();
    if (filesAt === null) {
      const states = await Promise.all(leftRunning.map(stateOf));
      if (states.every((s) => s !== 'running')) filesAt = performance.now();
    }
    await sleep(250);
  }
  const after = (at) => (at === null ? `not within ${seconds(PICKUP_MS)}` : seconds(at - killedAt));
  console.log(`  previews under way at the kill asked for again: ${after(previewsAt)} after the kill`);
  console.log(
    `  files found running after the restart (${leftRunning.length} of ${FILES}) processed again: ${after(filesAt)} after the kill`,
  );
  const again = await requeueAgain.catch(() => null);
  console.log(
    again
      ? `  the restart queued again: ${JSON.stringify({ links: again.links, files: again.files })}`
      : '  the restart re-queue did not end in time',
  );
  await stop();

  await withDatabase(async (query) => {
    const { rows } = await query(
      `SELECT count(*)::int AS jobs, count(DISTINCT singleton_key)::int AS links
       FROM (SELECT singleton_key FROM pgboss.job WHERE name = 'preview-link'
             UNION ALL SELECT singleton_key FROM pgboss.archive WHERE name = 'preview-link') AS j`,
    );
    const { jobs, links } = rows[0];
    console.log(
      `\npreview jobs ever queued: ${jobs.toLocaleString('en-US')} for ${links.toLocaleString('en-US')} links (${(jobs / links).toFixed(3)} a link)`,
    );
  });
  console.log(`load average at the end: ${load()}`);
} catch (e) {
  console.error(e);
  process.exitCode = 1;
} finally {
  await cleanUp();
}
