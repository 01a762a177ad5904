import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { createUser, signIn } from './helpers';

/** The suite's own server's port: the servers these tests crash listen beside it. */
const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A server of its own (the built app, PGlite in its own data directory) that a test can kill as a crash
 * would (SIGKILL: no shutdown at all) and start again on the same data, for what a crash leaves. On
 * E2E_PORT + `offset` (2 or more; each test its own, as tests run side by side).
 */
export function crashableServer(offset: number) {
  const PORT = E2E_PORT + offset;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'easio-e2e-crash-'));
  const base = `http://localhost:${PORT}`;
  let child: ChildProcess | null = null;
  const start = async () => {
    // Always PGlite, in its own data directory, whatever database the suite runs on.
    const { DATABASE_URL: _database, ...env } = process.env;
    const started = spawn(process.execPath, [path.resolve('apps/server/dist/main.js')], {
      env: { ...env, PORT: String(PORT), DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
      stdio: 'inherit',
    });
    child = started;
    // A fresh embedded database is made and migrated first: slow on a busy machine.
    for (let i = 0; i < 1800; i += 1) {
      // Not another process answering on the port: this one.
      if (started.exitCode !== null) throw new Error(`the crashable server exited (${started.exitCode})`);
      try {
        if ((await fetch(`${base}/api/health`)).ok) return;
      } catch {}
      await sleep(100);
    }
    throw new Error('the crashable server did not start');
  };
  const kill = async (signal: NodeJS.Signals) => {
    const running = child;
    if (!running || running.exitCode !== null) return;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    running.kill(signal);
    await exited;
  };
  return {
    base,
    start,
    /** Killed outright, as by a power cut or the out-of-memory killer. */
    crash: () => kill('SIGKILL'),
    async stop() {
      await kill('SIGTERM');
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A new account on that server, signed in through its API: answers its e-mail, password and bearer header. */
export async function accountOn(request: APIRequestContext, base: string) {
  const user = await createUser(request, base);
  const token = await request
    .post(`${base}/api/auth/token`, { form: { username: user.email, password: user.password } })
    .then((r) => r.json() as Promise<{ access_token: string }>);
  return { ...user, auth: { authorization: `Bearer ${token.access_token}` } };
}

/** Uploads an export to that server and waits until its import has stored `steps` steps; answers its id. */
export async function importUnderWay(
  request: APIRequestContext,
  base: string,
  auth: Record<string, string>,
  upload: { path: string; name: string; mimeType: string; buffer: Buffer },
  steps: number,
): Promise<string> {
  const res = await request.post(`${base}${upload.path}`, {
    headers: auth,
    multipart: { file: { name: upload.name, mimeType: upload.mimeType, buffer: upload.buffer } },
  });
  expect(res.status()).toBe(202);
  const { id } = (await res.json()) as { id: string };
  await expect
    .poll(
      async () => {
        const run = await request.get(`${base}/api/imports/runs/${id}`, { headers: auth });
        return ((await run.json()) as { position: number }).position;
      },
      { timeout: 60_000 },
    )
    .toBeGreaterThanOrEqual(steps);
  return id;
}

/** Signs in on that server's own pages. */
export async function signInOn(page: Page, base: string, user: { email: string; password: string }) {
  await signIn(page, user.email, user.password, base);
  await expect(page).toHaveURL(/\/my-desk/);
}
