// The built server as a benchmark's child process: started on a fresh data directory (PGlite, or the
// PostgreSQL database of DATABASE_URL), with its memory read from /proc, and people signed up on it.
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** A process's resident memory in MB (Linux), 0 once it is gone. */
export function rssMbOf(pid) {
  try {
    const kb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
    return kb / 1024;
  } catch {
    return 0;
  }
}

/** The pids of a process's descendants (the workers it started), from /proc. */
function descendantsOf(pid) {
  const parents = new Map();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      parents.set(Number(name), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {}
  }
  const found = [];
  const walk = (p) => {
    for (const [child, parent] of parents) {
      if (parent === p) {
        found.push(child);
        walk(child);
      }
    }
  };
  walk(pid);
  return found;
}

/**
 * Starts `apps/server/dist/main.js` with `npm start`'s Node flags on `port` and a fresh DATA_DIR, and
 * waits until `/api/health` answers. `env` adds to the environment (e.g. DATABASE_URL);
 * BENCH_SERVER_NODE_ARGS adds Node flags to the server's.
 */
export async function startServer({ port, env = {}, quiet = true }) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'easio-bench-'));
  const child = spawn(
    process.execPath,
    [
      '--max-semi-space-size=2',
      // e.g. BENCH_SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" to profile the server under a bench.
      ...(process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? []),
      path.join(root, 'apps/server/dist/main.js'),
    ],
    {
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        ...env,
      },
      stdio: ['ignore', quiet ? 'ignore' : 'inherit', 'inherit'],
    },
  );
  const base = `http://127.0.0.1:${port}`;
  const server = {
    base,
    child,
    dataDir,
    get alive() {
      return child.exitCode === null && child.signalCode === null;
    },
    /** The server process's own RSS, MB. */
    rssMb: () => rssMbOf(child.pid),
    /** The server and every process it started (its workers), MB. */
    treeRssMb: () => descendantsOf(child.pid).reduce((sum, pid) => sum + rssMbOf(pid), rssMbOf(child.pid)),
    async stop() {
      if (server.alive) {
        child.kill('SIGTERM');
        await Promise.race([new Promise((resolve) => child.once('exit', resolve)), sleep(15_000)]);
        if (server.alive) child.kill('SIGKILL');
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  for (let i = 0; i < 1200; i += 1) {
    if (!server.alive) throw new Error(`the server exited (${child.exitCode ?? child.signalCode})`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) return server;
    } catch {}
    await sleep(100);
  }
  await server.stop();
  throw new Error('the server did not start within 120 s');
}

/** A new account on the server, signed in: `{ token, auth, root }` (`auth`: the Authorization header). */
export async function signUpUser(base, tag) {
  const password = `Bench-user#${tag}`;
  const made = await fetch(`${base}/api/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      username: `bench${tag}`,
      email: `bench${tag}@example.com`,
      hashed_password: password,
      age_confirmation: 'adult',
    }),
  });
  if (!made.ok) throw new Error(`sign-up → ${made.status} ${await made.text()}`);
  const info = await made.json();
  const res = await fetch(`${base}/api/auth/token`, {
    method: 'POST',
    body: new URLSearchParams({ username: `bench${tag}@example.com`, password }),
  });
  if (!res.ok) throw new Error(`sign-in → ${res.status} ${await res.text()}`);
  const { access_token: token } = await res.json();
  return { token, auth: { authorization: `Bearer ${token}` }, root: info.root_folder };
}

/** The value at quantile q (0–1) of a list of numbers. */
export function quantile(values, q) {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
}
