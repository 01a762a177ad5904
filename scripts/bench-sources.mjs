#!/usr/bin/env node
// `npm run bench:sources`: imports 10,000 small Drive files and 1,000 e-mails with an attachment each
// from a loopback Google (in another process), through the server's own sync code on a fresh embedded
// database (or the empty PostgreSQL database of BENCH_PG_URL): a real OAuth round trip, then the
// Drive and Gmail syncs as the job worker runs them, then an incremental sync after 10 changes.
// Prints items per second, this process's CPU time per item (steadier than the rate on a busy machine:
// the machine's load average is printed too) and its RSS before and at peak (with PGlite that includes
// the embedded database). Figures are printed, never asserted.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../apps/server/dist/config.js';
import { openDatabase, queryRows } from '../apps/server/dist/db/client.js';
import { createOAuthStates } from '../apps/server/dist/sources/oauth-states.js';
import { createLocalBlobStore } from '../apps/server/dist/storage/local-store.js';
import { createBenchUser } from './bench/bench-user.mjs';
import { benchSourcesRuntime } from './bench/sources-runtime.mjs';

const PUBLIC_URL = 'http://easio.bench';
const REDIRECT = `${PUBLIC_URL}/my-source`;
const mb = (bytes) => Math.round(bytes / 1_048_576);
const seconds = (ms) => (ms / 1000).toFixed(2);

const fake = spawn(
  process.execPath,
  ['--import', 'tsx', fileURLToPath(new URL('./bench/sources-fake.mjs', import.meta.url))],
  {
    env: { ...process.env, REDIRECT_URI: REDIRECT },
    stdio: ['ignore', 'pipe', 'inherit'],
  },
);
const { url } = JSON.parse(
  await new Promise((resolve) => createInterface({ input: fake.stdout }).once('line', resolve)),
);

const dataDir = mkdtempSync(path.join(tmpdir(), 'easio-bench-sources-'));
const databaseUrl = process.env.BENCH_PG_URL;
const database = await openDatabase({ dataDir, ...(databaseUrl ? { databaseUrl } : {}) });
const { db } = database;
const blobs = createLocalBlobStore(path.join(dataDir, 'blobs'));
const config = loadConfig({
  DATA_DIR: dataDir,
  PUBLIC_URL,
  GOOGLE_CLIENT_ID: 'easio-test-client',
  GOOGLE_CLIENT_SECRET: 'easio-test-client-secret',
  GOOGLE_ISSUER: url,
  GOOGLE_API_URL: url,
});
const runtime = benchSourcesRuntime({ config, db, blobs });

/** Follows the provider's redirects with its cookies until it returns to Easio's address. */
async function consent(start) {
  const cookies = new Map();
  let next = start;
  while (!next.startsWith(REDIRECT)) {
    const res = await fetch(next, {
      redirect: 'manual',
      headers: { cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair.indexOf('=');
      cookies.set(pair.slice(0, eq), pair.slice(eq + 1));
    }
    await res.body?.cancel();
    next = new URL(res.headers.get('location'), next).href;
  }
  return new URL(next);
}

try {
  const user = await createBenchUser(db);

  const states = createOAuthStates(db);
  const trip = await states.begin({
    purpose: 'connect',
    ownerId: user.id,
    provider: 'google',
    redirectPath: 'my-source',
  });
  const scopes = [
    'openid',
    'email',
    'profile',
    'https://www.googleapis.com/auth/drive.readonly',
    'https://www.googleapis.com/auth/gmail.readonly',
  ];
  const back = await consent(
    await runtime.google.authorizationUrl({
      redirectUri: REDIRECT,
      scopes,
      state: trip.state,
      codeChallenge: trip.codeChallenge,
      nonce: trip.nonce,
      offline: true,
    }),
  );
  const exchange = await runtime.google.exchangeCode({
    callbackUrl: back,
    redirectUri: REDIRECT,
    expectedState: trip.state,
    codeVerifier: trip.codeVerifier,
    nonce: trip.nonce,
    idTokenExpected: false,
  });
  const connections = [];
  for (const service of ['gdrive', 'gmail']) {
    connections.push(
      await runtime.store.save({
        ownerId: user.id,
        service,
        accountEmail: 'ada@example.com',
        tokens: exchange.tokens,
        scopes: exchange.scopes,
      }),
    );
  }

  globalThis.gc?.();
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 20);
  const count = async (source) =>
    (
      await queryRows(
        db,
        sql`SELECT count(*)::int AS n FROM objects WHERE owner_id = ${user.id} AND source = ${source}`,
      )
    )[0].n;

  console.log(
    `\nImport from a loopback Google on ${databaseUrl ? 'PostgreSQL' : 'PGlite'} (IMPORT_CONCURRENCY ${config.IMPORT_CONCURRENCY}; load average ${loadavg()[0].toFixed(1)} on ${availableParallelism()} cores):`,
  );
  for (const [i, label] of [
    [0, 'Drive'],
    [1, 'Gmail'],
  ]) {
    const t0 = performance.now();
    const cpu0 = process.cpuUsage();
    await runtime.runner.sync(connections[i].id);
    const ms = performance.now() - t0;
    const cpu = process.cpuUsage(cpu0);
    const n = await count(i === 0 ? 'gdrive' : 'mail');
    console.log(
      `  ${label}: ${n.toLocaleString('en-US')} items in ${seconds(ms)} s = ${Math.round((n / ms) * 1000)} items/s (CPU ${((cpu.user + cpu.system) / 1000 / n).toFixed(2)} ms per item)`,
    );
  }

  // Ten changes at the provider: five new files, five new e-mails (each with an attachment).
  await fetch(`${url}/__test/files`, {
    method: 'POST',
    body: JSON.stringify({
      folder: 'New',
      files: Array.from({ length: 5 }, (_, i) => ({ name: `new-${i}.txt`, content: `new ${i}` })),
    }),
  });
  for (let i = 0; i < 5; i++) {
    await fetch(`${url}/__test/mail`, {
      method: 'POST',
      body: JSON.stringify({
        from: 'new@example.com',
        subject: `New ${i}`,
        text: 'new',
        attachment: `new-${i}.txt`,
      }),
    });
  }
  const t1 = performance.now();
  for (const c of connections) await runtime.runner.sync(c.id);
  const incremental = performance.now() - t1;
  clearInterval(sampler);
  const total = (await count('gdrive')) + (await count('mail'));
  console.log(
    `  incremental sync of both after 10 changes: ${seconds(incremental)} s (${total.toLocaleString('en-US')} items in all)`,
  );
  console.log(
    `  RSS: ${mb(before)} MB before the imports, ${mb(peak)} MB at peak (+${mb(peak - before)} MB)`,
  );
} finally {
  fake.kill('SIGTERM');
  await blobs.close();
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
}
