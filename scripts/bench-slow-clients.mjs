#!/usr/bin/env node
// `npm run bench:slow-clients`: what stalled request bodies cost the built server and how soon it drops
// them. The server runs on a fresh PGlite database; BENCH_CONNECTIONS (1,000) connections each send a
// request saying `content-length: 100` and then only 2 bytes, first to the sign-in call (anyone can)
// and then to the upload call (signed in). Prints, for each, the server's RSS idle, with every
// connection stalled, and once they are gone, and when the server had closed half and all of them
// (or how many were still open after BENCH_WAIT_SECONDS). The server reads its configuration from the
// environment as usual, so the body timeouts can be varied (BODY_TIMEOUT_SECONDS…). Figures are
// printed, never asserted.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const port = Number(process.env.BENCH_PORT ?? 3460);
const base = `http://127.0.0.1:${port}`;
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 1000);
const WAIT_SECONDS = Number(process.env.BENCH_WAIT_SECONDS ?? 120);
const dataDir = mkdtempSync(path.join(tmpdir(), 'easio-bench-slow-'));

const server = spawn(process.execPath, [path.join(root, 'apps/server/dist/main.js')], {
  env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'error' },
  stdio: ['ignore', 'inherit', 'inherit'],
});

const rssMb = () => {
  const line = readFileSync(`/proc/${server.pid}/status`, 'utf8').match(/^VmRSS:\s+(\d+) kB/m);
  return line ? Math.round(Number(line[1]) / 1024) : Number.NaN;
};
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function waitForServer() {
  for (let i = 0; i < 600; i += 1) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {}
    await sleep(100);
  }
  throw new Error('server did not start');
}

async function signIn() {
  const user = { username: 'bench_slow', email: 'bench_slow@example.com', hashed_password: 'Secret12#' };
  const made = await fetch(`${base}/api/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...user, region: 'IN', age_confirmation: 'adult' }),
  });
  if (!made.ok) throw new Error(`signup: ${made.status} ${await made.text()}`);
  const token = await fetch(`${base}/api/auth/token`, {
    method: 'POST',
    body: new URLSearchParams({ username: user.email, password: user.hashed_password }),
  });
  return (await token.json()).access_token;
}

/** Opens one connection that sends its headers and 2 of the 100 bytes it announced; answers when it closed. */
function stalled(head) {
  return new Promise((resolveOpen) => {
    const socket = net.connect(port, '127.0.0.1');
    const closed = new Promise((resolve) => socket.on('close', () => resolve(performance.now())));
    socket.on('error', () => {});
    socket.resume(); // reads what the server answers, so its close is seen
    socket.on('connect', () => {
      socket.write(`${head}content-length: 100\r\n\r\nab`);
      resolveOpen({ socket, closed });
    });
  });
}

async function run(label, head) {
  await sleep(2000);
  const idle = rssMb();
  const started = performance.now();
  const conns = [];
  // In batches, so the listen backlog never overflows.
  for (let i = 0; i < CONNECTIONS; i += 100) {
    conns.push(
      ...(await Promise.all(Array.from({ length: Math.min(100, CONNECTIONS - i) }, () => stalled(head)))),
    );
  }
  const closedAt = [];
  for (const c of conns) c.closed.then((t) => closedAt.push(t - started));
  let peak = rssMb();
  const deadline = started + WAIT_SECONDS * 1000;
  while (closedAt.length < conns.length && performance.now() < deadline) {
    await sleep(250);
    peak = Math.max(peak, rssMb());
  }
  const open = conns.length - closedAt.length;
  closedAt.sort((a, b) => a - b);
  const at = (q) => `${(closedAt[Math.floor(q * (conns.length - 1))] / 1000).toFixed(1)} s`;
  const dropped =
    open === 0
      ? `half closed by ${at(0.5)}, all by ${at(1)}`
      : `${open} of ${conns.length} still open after ${WAIT_SECONDS} s`;
  for (const c of conns) c.socket.destroy();
  await sleep(3000);
  console.log(
    `${label}: ${CONNECTIONS} stalled bodies: RSS ${idle} MB idle, ${peak} MB at peak (+${peak - idle} MB), ` +
      `${rssMb()} MB after; ${dropped}`,
  );
}

try {
  await waitForServer();
  const token = await signIn();
  await run(
    'POST /api/auth/token',
    'POST /api/auth/token HTTP/1.1\r\nhost: bench\r\ncontent-type: application/x-www-form-urlencoded\r\n',
  );
  await run(
    'POST /api/desk/uploads',
    `POST /api/desk/uploads HTTP/1.1\r\nhost: bench\r\nauthorization: Bearer ${token}\r\n` +
      'content-type: multipart/form-data; boundary=bench\r\n',
  );
} finally {
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  rmSync(dataDir, { recursive: true, force: true });
}
