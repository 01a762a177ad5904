#!/usr/bin/env node
// `npm run bench:load`: many people using Easio at once. The built server (a child process, so its
// memory is measured alone) on a fresh database; BENCH_USERS (100) people sign up and sign in, each gets
// a few drawers, notes and files, then for BENCH_SECONDS (60) each of them, in turn, lists a folder,
// searches, opens an item, writes a note, uploads a file, moves an item or deletes one, pausing
// BENCH_THINK_MS (1000) on average between two, with at most BENCH_CONCURRENCY (32) requests in flight.
// Prints, per kind, the requests, requests/s, errors and p50/p95/p99 latency, and the server's RSS.
// DATABASE_URL=postgres://… runs it on PostgreSQL (an empty database is expected); default PGlite.
// Figures are printed, never asserted.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const port = Number(process.env.BENCH_PORT ?? 3460);
const base = `http://127.0.0.1:${port}`;
const USERS = Number(process.env.BENCH_USERS ?? 100);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const THINK_MS = Number(process.env.BENCH_THINK_MS ?? 1000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 32);
const NOTES = Number(process.env.BENCH_NOTES ?? 40);
const FILES = Number(process.env.BENCH_FILES ?? 5);
const DRAWERS = ['Finance', 'Health', 'Home', 'Travel', 'Work'];
const WORDS = (
  'invoice receipt passport insurance mortgage dentist vaccine flight hotel visa contract salary ' +
  'payslip tax pension garden boiler plumber warranty recipe school holiday museum ticket concert ' +
  'doctor pharmacy lease electricity water broadband meeting project report budget quarterly'
).split(' ');
/** Each kind's share of the requests (the rest of a person's time is the pause between two). */
const MIX = [
  ['list', 30],
  ['search', 20],
  ['open', 20],
  ['note', 10],
  ['upload', 8],
  ['move', 7],
  ['delete', 5],
];

const dataDir = mkdtempSync(path.join(tmpdir(), 'easio-bench-load-'));
// The same V8 flag as `npm start`: a small young generation keeps the server's memory flat under load.
const server = spawn(
  process.execPath,
  [
    '--max-semi-space-size=2',
    // BENCH_PROFILE=DIR: the server writes a CPU profile there when it stops (open it in Chrome's DevTools).
    ...(process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`] : []),
    path.join(root, 'apps/server/dist/main.js'),
  ],
  {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  },
);
/** The server's CPU time so far, in seconds (Linux). */
const serverCpu = () => {
  try {
    const fields = readFileSync(`/proc/${server.pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
};
const rssMb = () => {
  try {
    const kb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${server.pid}/status`, 'utf8'))?.[1] ?? 0);
    return kb / 1024;
  } catch {
    return 0;
  }
};

let seq = 0;
const random = (n) => Math.floor(Math.random() * n);
const pick = (list) => list[random(list.length)];
const words = (n) => Array.from({ length: n }, () => pick(WORDS)).join(' ');
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function waitForServer() {
  for (let i = 0; i < 600; i += 1) {
    if (server.exitCode !== null) throw new Error(`the server exited (${server.exitCode})`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {}
    await sleep(100);
  }
  throw new Error('server did not start');
}

/** One request: answers the parsed JSON body, or throws with the status and the server's `detail`. */
async function call(user, method, url, body) {
  const isForm = body instanceof FormData;
  const res = await fetch(`${base}/api${url}`, {
    method,
    headers: {
      ...(user ? { authorization: `Bearer ${user.token}` } : {}),
      ...(body && !isForm ? { 'content-type': 'application/json' } : {}),
    },
    body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${url.split('?')[0]} → ${res.status} ${text.slice(0, 200)}`);
  return text ? JSON.parse(text) : null;
}

function fileForm() {
  seq += 1;
  const form = new FormData();
  // Different bytes each time: the same bytes twice would be refused as a duplicate.
  const text = `Scanned ${words(12)}.\nReference ${seq}-${Date.now()}-${random(1e9)}\n`;
  form.append('file', new Blob([text], { type: 'text/plain' }), `scan-${seq}.txt`);
  return form;
}

async function signUp(i) {
  const tag = `${process.pid}x${i}`;
  const password = `Load-bench#${i}`;
  const info = await call(null, 'POST', '/auth/signup', {
    username: `load${tag}`,
    email: `load${tag}@example.com`,
    hashed_password: password,
    age_confirmation: 'adult',
  });
  const res = await fetch(`${base}/api/auth/token`, {
    method: 'POST',
    body: new URLSearchParams({ username: `load${tag}@example.com`, password }),
  });
  if (!res.ok) throw new Error(`sign-in → ${res.status} ${await res.text()}`);
  const { access_token: token } = await res.json();
  return { token, root: info.root_folder, drawers: [], items: [] };
}

async function seed(user) {
  for (const name of DRAWERS) {
    user.drawers.push((await call(user, 'POST', '/desk/folders', { data_type: 'drawer_object', name })).id);
  }
  for (let i = 0; i < NOTES; i += 1) {
    const note = await call(user, 'POST', '/desk/items', {
      data_type: 'note_object',
      name: `${pick(WORDS)} ${i}`,
      content: words(30),
      ...(i % 2 ? { parent_id: pick(user.drawers) } : {}),
    });
    user.items.push(note.id);
  }
  for (let i = 0; i < FILES; i += 1) {
    const { items } = await call(user, 'POST', '/desk/uploads', fileForm());
    user.items.push(...items.map((o) => o.id));
  }
}

/** One request of the given kind for this person, keeping what they have up to date. */
const actions = {
  list: (u) => {
    const folder = Math.random() < 0.5 ? u.root : pick(u.drawers);
    return call(u, 'GET', `/desk/folders/${folder}/children?limit=50`);
  },
  search: (u) => call(u, 'POST', '/search/items', { q: pick(WORDS), limit: 20 }),
  open: (u) => call(u, 'GET', `/desk/objects/${pick(u.items)}`),
  note: async (u) => {
    const note = await call(u, 'POST', '/desk/items', {
      data_type: 'note_object',
      name: `${pick(WORDS)} note`,
      content: words(30),
    });
    u.items.push(note.id);
  },
  upload: async (u) => {
    const { items } = await call(u, 'POST', '/desk/uploads', fileForm());
    u.items.push(...items.map((o) => o.id));
  },
  move: (u) =>
    call(u, 'POST', '/desk/move', {
      ids: [pick(u.items)],
      target_id: Math.random() < 0.2 ? u.root : pick(u.drawers),
    }),
  delete: async (u) => {
    const index = random(u.items.length);
    const [id] = u.items.splice(index, 1);
    await call(u, 'POST', '/desk/delete', { ids: [id] });
  },
};

/** At most CONCURRENCY requests in flight; the others wait their turn (their wait is not timed). */
let inFlight = 0;
const waiting = [];
async function slot() {
  if (inFlight < CONCURRENCY) {
    inFlight += 1;
    return;
  }
  await new Promise((resolve) => waiting.push(resolve));
}
function release() {
  const next = waiting.shift();
  if (next) next();
  else inFlight -= 1;
}

const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
const totalWeight = MIX.reduce((sum, [, w]) => sum + w, 0);
function chooseKind() {
  let r = Math.random() * totalWeight;
  for (const [kind, weight] of MIX) {
    r -= weight;
    if (r < 0) return kind;
  }
  return MIX[0][0];
}

try {
  await waitForServer();
  const onPg = Boolean(process.env.DATABASE_URL);
  console.log(
    `\nbench:load on ${onPg ? 'PostgreSQL' : 'PGlite'}: ${USERS} users, ${SECONDS} s, think ${THINK_MS} ms, at most ${CONCURRENCY} requests in flight (load average ${loadavg()[0].toFixed(1)} on ${availableParallelism()} cores)`,
  );
  const t0 = performance.now();
  const users = [];
  for (let i = 0; i < USERS; i += 8) {
    users.push(
      ...(await Promise.all(Array.from({ length: Math.min(8, USERS - i) }, (_, k) => signUp(i + k)))),
    );
  }
  const signedUp = performance.now();
  for (let i = 0; i < users.length; i += 8) await Promise.all(users.slice(i, i + 8).map(seed));
  console.log(
    `  set-up: ${USERS} sign-ups and sign-ins in ${((signedUp - t0) / 1000).toFixed(1)} s; ${USERS} × (${DRAWERS.length} drawers, ${NOTES} notes, ${FILES} files) in ${((performance.now() - signedUp) / 1000).toFixed(1)} s`,
  );
  // Let the seeded files' processing finish, so the workload starts from a quiet server.
  await sleep(3000);

  const stats = new Map(MIX.map(([kind]) => [kind, { times: [], errors: 0, firstError: null }]));
  const rssBefore = rssMb();
  let rssPeak = rssBefore;
  const sampler = setInterval(() => {
    rssPeak = Math.max(rssPeak, rssMb());
  }, 100);
  const cpuBefore = serverCpu();
  const start = performance.now();
  const end = start + SECONDS * 1000;
  await Promise.all(
    users.map(async (user) => {
      await sleep(random(THINK_MS * 2 + 1));
      while (performance.now() < end) {
        let kind = chooseKind();
        if (user.items.length < 5 && (kind === 'delete' || kind === 'move' || kind === 'open')) kind = 'note';
        const stat = stats.get(kind);
        await slot();
        const t = performance.now();
        try {
          await actions[kind](user);
          stat.times.push(performance.now() - t);
        } catch (error) {
          stat.errors += 1;
          stat.firstError ??= error instanceof Error ? error.message : String(error);
        } finally {
          release();
        }
        await sleep(random(THINK_MS * 2 + 1));
      }
    }),
  );
  const elapsed = (performance.now() - start) / 1000;
  const cpuUsed = serverCpu() - cpuBefore;
  clearInterval(sampler);
  const rssEnd = rssMb();

  const head = ['kind', 'requests', 'req/s', 'errors', 'p50 ms', 'p95 ms', 'p99 ms'];
  const rows = [];
  let total = 0;
  let errors = 0;
  for (const [kind, { times, errors: failed }] of stats) {
    const sorted = [...times].sort((a, b) => a - b);
    total += times.length + failed;
    errors += failed;
    rows.push([
      kind,
      times.length + failed,
      ((times.length + failed) / elapsed).toFixed(1),
      failed,
      ...[50, 95, 99].map((p) => pct(sorted, p).toFixed(1)),
    ]);
  }
  rows.push(['all', total, (total / elapsed).toFixed(1), errors, '', '', '']);
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => String(r[i]).length)));
  for (const row of [head, ...rows]) {
    console.log(
      `  ${row.map((cell, i) => (i === 0 ? String(cell).padEnd(widths[i]) : String(cell).padStart(widths[i]))).join('  ')}`,
    );
  }
  for (const [kind, { firstError }] of stats)
    if (firstError) console.log(`  first ${kind} error: ${firstError}`);
  console.log(
    `  server RSS: ${Math.round(rssBefore)} MB before the workload, ${Math.round(rssPeak)} MB at peak, ${Math.round(rssEnd)} MB at the end; server CPU ${Math.round((cpuUsed / elapsed) * 100)} % of a core (${((cpuUsed * 1000) / Math.max(1, total)).toFixed(1)} ms a request)`,
  );
} finally {
  server.kill('SIGTERM');
  await new Promise((resolve) => (server.exitCode !== null ? resolve() : server.once('exit', resolve)));
  rmSync(dataDir, { recursive: true, force: true });
}
