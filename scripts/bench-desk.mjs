#!/usr/bin/env node
// `npm run bench:desk`: the desk under load, through the HTTP API of the built server (a child
// process, so its memory is measured alone). Prints files/s, MB/s, list latency and peak server RSS.
// DATABASE_URL=postgres://… runs it on PostgreSQL (a fresh database is expected); default PGlite.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const port = Number(process.env.BENCH_PORT ?? 3400);
const base = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(path.join(tmpdir(), 'easio-bench-'));
const SMALL_FILES = Number(process.env.BENCH_SMALL_FILES ?? 1000);
const BIG_FILES = Number(process.env.BENCH_BIG_FILES ?? 10);
const BIG_MB = 50;
const FOLDER_ITEMS = Number(process.env.BENCH_FOLDER_ITEMS ?? 10_000);
const MOVE_ITEMS = Number(process.env.BENCH_MOVE_ITEMS ?? 5000);

// The same V8 flag as `npm start`: a small young generation keeps the server's memory flat under load.
const server = spawn(
  process.execPath,
  ['--max-semi-space-size=2', path.join(root, 'apps/server/dist/main.js')],
  {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      MAX_UPLOAD_MB: '100',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  },
);
let peakRss = 0;
const rss = () => {
  try {
    const kb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${server.pid}/status`, 'utf8'))?.[1] ?? 0);
    peakRss = Math.max(peakRss, kb / 1024);
    return kb / 1024;
  } catch {
    return 0;
  }
};
const sampler = setInterval(rss, 50);

async function waitForServer() {
  for (let i = 0; i < 200; i += 1) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('server did not start');
}

let auth = {};
async function api(method, url, body) {
  const res = await fetch(`${base}/api${url}`, {
    method,
    headers: { ...auth, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!res.ok) throw new Error(`${method} ${url} → ${res.status} ${await res.text()}`);
  return res.json();
}

async function pool(n, concurrency, task) {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < n) await task(next++);
    }),
  );
}

const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
const ms = (t) => `${t.toFixed(1)} ms`;

try {
  await waitForServer();
  const idle = rss();
  const user = {
    username: 'bench',
    email: 'bench@example.com',
    hashed_password: 'Secret12#',
    region: 'IN',
    age_confirmation: 'adult',
  };
  await api('POST', '/auth/signup', user);
  const token = await fetch(`${base}/api/auth/token`, {
    method: 'POST',
    body: new URLSearchParams({ username: user.email, password: user.hashed_password }),
  }).then((r) => r.json());
  auth = { authorization: `Bearer ${token.access_token}` };
  const me = await api('GET', '/auth/users/me/');
  console.log(
    `server idle RSS ${idle.toFixed(0)} MB (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`,
  );

  // 1. Many small files, one per request, 8 at a time.
  let t0 = performance.now();
  await pool(SMALL_FILES, 8, async (i) => {
    const form = new FormData();
    form.append('files', new Blob([`small file ${i}\n${'lorem ipsum '.repeat(50)}`]), `small-${i}.txt`);
    const res = await fetch(`${base}/api/desk/uploads`, { method: 'POST', headers: auth, body: form });
    if (!res.ok) throw new Error(`upload ${i}: ${res.status}`);
  });
  let secs = (performance.now() - t0) / 1000;
  console.log(
    `upload ${SMALL_FILES} small files: ${(SMALL_FILES / secs).toFixed(0)} files/s (${secs.toFixed(1)} s)`,
  );

  // 2. Big files, two at a time; each body is generated, not read from disk.
  const rssBeforeBig = rss();
  peakRss = rssBeforeBig;
  t0 = performance.now();
  await pool(BIG_FILES, 2, async (i) => {
    const bytes = new Uint8Array(BIG_MB * 1024 * 1024);
    for (let j = 0; j < bytes.length; j += 4096) bytes[j] = (i * 31 + j) & 255;
    const form = new FormData();
    form.append('files', new Blob([bytes]), `big-${i}.bin`);
    const res = await fetch(`${base}/api/desk/uploads`, { method: 'POST', headers: auth, body: form });
    if (!res.ok) throw new Error(`big upload ${i}: ${res.status} ${await res.text()}`);
  });
  secs = (performance.now() - t0) / 1000;
  console.log(
    `upload ${BIG_FILES} × ${BIG_MB} MB: ${((BIG_FILES * BIG_MB) / secs).toFixed(0)} MB/s (${secs.toFixed(1)} s); ` +
      `server RSS ${rssBeforeBig.toFixed(0)} → peak ${peakRss.toFixed(0)} MB while streaming`,
  );
  const peakWhileStreaming = peakRss;

  // 3. A binder of FOLDER_ITEMS items (notes, made through the API 8 at a time).
  const drawer = await api('POST', '/desk/folders', { data_type: 'drawer_object', name: 'Bench' });
  const binder = await api('POST', '/desk/folders', {
    data_type: 'binder_object',
    name: 'Big binder',
    parent_id: drawer.id,
  });
  t0 = performance.now();
  await pool(FOLDER_ITEMS, 8, (i) =>
    api('POST', '/desk/items', { data_type: 'note_object', content: `note ${i}`, parent_id: binder.id }),
  );
  secs = (performance.now() - t0) / 1000;
  console.log(`create ${FOLDER_ITEMS} notes: ${(FOLDER_ITEMS / secs).toFixed(0)} items/s`);

  const timings = [];
  for (const sort of ['date', 'name', 'size', 'kind']) {
    let cursor = null;
    let pages = 0;
    do {
      const s = performance.now();
      const page = await api(
        'GET',
        `/desk/folders/${binder.id}/children?sort=${sort}&limit=100${cursor ? `&cursor=${cursor}` : ''}`,
      );
      timings.push(performance.now() - s);
      cursor = page.next_cursor;
      pages += 1;
    } while (cursor && pages < 25);
  }
  timings.sort((a, b) => a - b);
  console.log(
    `list a folder of ${FOLDER_ITEMS} (pages of 100, 4 sorts): p50 ${ms(pct(timings, 50))}, p95 ${ms(pct(timings, 95))} over ${timings.length} pages`,
  );

  // 4. Bulk-move MOVE_ITEMS of them to another binder in one call.
  const target = await api('POST', '/desk/folders', {
    data_type: 'binder_object',
    name: 'Target',
    parent_id: drawer.id,
  });
  const ids = [];
  let cursor = null;
  do {
    const page = await api(
      'GET',
      `/desk/folders/${binder.id}/children?limit=500${cursor ? `&cursor=${cursor}` : ''}`,
    );
    ids.push(...page.items.map((i) => i.id));
    cursor = page.next_cursor;
  } while (cursor && ids.length < MOVE_ITEMS);
  t0 = performance.now();
  const moved = await api('POST', '/desk/move', { ids: ids.slice(0, MOVE_ITEMS), target_id: target.id });
  console.log(`bulk-move ${moved.count} items: ${ms(performance.now() - t0)}`);
  console.log(
    `peak server RSS: ${peakRss.toFixed(0)} MB overall, ${peakWhileStreaming.toFixed(0)} MB while streaming big files (goal < 300 MB)`,
  );

  // Download my data: the whole account (every note, every file) as one streamed ZIP.
  const rssBeforeExport = rss();
  peakRss = rssBeforeExport;
  t0 = performance.now();
  const ticket = await api('POST', '/account/export');
  const zip = await fetch(`${base}${ticket.url}`);
  let zipBytes = 0;
  for await (const chunk of zip.body) zipBytes += chunk.length;
  console.log(
    `export ${ticket.items.toLocaleString('en-US')} items, ${ticket.files} files (${(ticket.bytes / 1_048_576).toFixed(0)} MB) as one ZIP of ${(zipBytes / 1_048_576).toFixed(0)} MB: ${ms(performance.now() - t0)}; ` +
      `server RSS ${rssBeforeExport.toFixed(0)} → peak ${peakRss.toFixed(0)} MB`,
  );
  void me;
} finally {
  clearInterval(sampler);
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  rmSync(dataDir, { recursive: true, force: true });
}
