#!/usr/bin/env node
// `npm run bench:web`: how soon a person sees their desk on a slow connection. The built server on a
// fresh PGlite database, a user with 5 drawers and 20 notes, and Debian's Chromium throttled to
// 400 ms latency and 200 KB/s each way (BENCH_LATENCY_MS, BENCH_KBPS), with an empty cache, as on a
// first visit. Prints, for a sign-in (from pressing Sign in until the first row shows, after the
// login page had the time a person takes to type) and for opening /my-desk signed in (from the
// address bar), the time, the script requests and the JavaScript bytes; and for a first visit to
// the sign-in page, until its Sign in button shows.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';

const root = fileURLToPath(new URL('..', import.meta.url));
const port = Number(process.env.BENCH_PORT ?? 3450);
const base = `http://127.0.0.1:${port}`;
const LATENCY_MS = Number(process.env.BENCH_LATENCY_MS ?? 400);
const KBPS = Number(process.env.BENCH_KBPS ?? 200);
/** How long the login page is open before Sign in is pressed: a person typing an address and a password. */
const TYPING_MS = Number(process.env.BENCH_TYPING_MS ?? 3000);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const dataDir = mkdtempSync(path.join(tmpdir(), 'easio-bench-web-'));

const server = spawn(process.execPath, [path.join(root, 'apps/server/dist/main.js')], {
  env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
  stdio: ['ignore', 'inherit', 'inherit'],
});

async function waitForServer() {
  for (let i = 0; i < 300; i += 1) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('server did not start');
}

async function seed(user) {
  const signup = await fetch(`${base}/api/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      username: user.username,
      email: user.email,
      hashed_password: user.password,
      region: 'IN',
      age_confirmation: 'adult',
    }),
  });
  if (!signup.ok) throw new Error(`signup ${signup.status} ${await signup.text()}`);
  const token = await fetch(`${base}/api/auth/token`, {
    method: 'POST',
    body: new URLSearchParams({ username: user.email, password: user.password }),
  }).then((r) => r.json());
  const headers = { authorization: `Bearer ${token.access_token}`, 'content-type': 'application/json' };
  const post = async (kind, body) => {
    const res = await fetch(`${base}/api/desk/${kind}`, {
      method: 'POST',
      headers,
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${kind} ${res.status}`);
  };
  for (const name of ['Finance', 'Health', 'Home', 'Travel', 'Work'])
    await post('folders', { data_type: 'drawer_object', name });
  for (let i = 1; i <= 20; i += 1)
    await post('items', { data_type: 'note_object', name: `Note ${i}`, content: `What note ${i} says.` });
}

/** A fresh browser context (empty cache) on the throttled connection, counting the scripts it loads. */
async function throttledPage(browser, storageState) {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, storageState });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  const bytesPerSecond = KBPS * 1024;
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: LATENCY_MS,
    downloadThroughput: bytesPerSecond,
    uploadThroughput: bytesPerSecond,
  });
  const scripts = { count: 0, bytes: 0 };
  const counting = { on: false };
  const encoded = new Map();
  const t0 = performance.now();
  cdp.on('Network.requestWillBeSent', (e) => {
    if (counting.on && process.env.BENCH_VERBOSE)
      console.log(
        `  ${(performance.now() - t0).toFixed(0).padStart(6)} ms  ${e.request.method} ${e.request.url.replace(base, '')}`,
      );
  });
  cdp.on('Network.responseReceived', (e) => {
    if (counting.on && e.type === 'Script') encoded.set(e.requestId, 0);
  });
  cdp.on('Network.loadingFinished', (e) => {
    if (encoded.has(e.requestId)) {
      scripts.count += 1;
      scripts.bytes += e.encodedDataLength;
      encoded.delete(e.requestId);
    }
  });
  return { context, page, scripts, counting };
}

const firstRow = (page) => page.locator('[role="row"][data-object-id]').first().waitFor({ timeout: 120_000 });

async function signInRun(browser, user) {
  const { context, page, scripts, counting } = await throttledPage(browser);
  await page.goto(`${base}/login`);
  await page.getByLabel('Username (e-mail)').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.waitForTimeout(TYPING_MS);
  counting.on = true;
  const t0 = performance.now();
  await page.getByRole('button', { name: 'Sign in' }).click();
  await firstRow(page);
  const ms = performance.now() - t0;
  const storage = await context.storageState();
  await context.close();
  return { ms, scripts: { ...scripts }, storage };
}

/** A first visit to the sign-in page: what a person waits for before they can type. */
async function openLoginRun(browser) {
  const { context, page, scripts, counting } = await throttledPage(browser);
  counting.on = true;
  const t0 = performance.now();
  await page.goto(`${base}/login`);
  await page.getByRole('button', { name: 'Sign in' }).waitFor({ timeout: 120_000 });
  const ms = performance.now() - t0;
  await context.close();
  return { ms, scripts: { ...scripts } };
}

async function openDeskRun(browser, storage) {
  const { context, page, scripts, counting } = await throttledPage(browser, storage);
  counting.on = true;
  const t0 = performance.now();
  await page.goto(`${base}/my-desk`);
  await firstRow(page);
  const ms = performance.now() - t0;
  await context.close();
  return { ms, scripts: { ...scripts } };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const report = (label, runs) =>
  console.log(
    `${label}: median ${(median(runs.map((r) => r.ms)) / 1000).toFixed(2)} s ` +
      `(runs ${runs.map((r) => (r.ms / 1000).toFixed(2)).join(', ')} s), ` +
      `${median(runs.map((r) => r.scripts.count))} script requests, ` +
      `${(median(runs.map((r) => r.scripts.bytes)) / 1024).toFixed(0)} KB of scripts`,
  );

let browser;
try {
  await waitForServer();
  const user = { username: 'benchweb', email: 'benchweb@example.com', password: 'Secret12#' };
  await seed(user);
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  });
  console.log(`network: ${LATENCY_MS} ms latency, ${KBPS} KB/s; empty cache; ${RUNS} runs each`);
  const logins = [];
  for (let i = 0; i < RUNS; i += 1) logins.push(await openLoginRun(browser));
  report('open /login → Sign in button', logins);
  const signIns = [];
  for (let i = 0; i < RUNS; i += 1) signIns.push(await signInRun(browser, user));
  report('sign-in → first row', signIns);
  const opens = [];
  for (let i = 0; i < RUNS; i += 1) opens.push(await openDeskRun(browser, signIns[0].storage));
  report('open /my-desk signed in → first row', opens);
} finally {
  await browser?.close();
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  rmSync(dataDir, { recursive: true, force: true });
}
