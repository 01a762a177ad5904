#!/usr/bin/env node
// The server the browser tests drive: the built app on a fresh database (PostgreSQL when
// TEST_DATABASE_URL is set, else PGlite in a temporary data directory), removed again on exit.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const root = fileURLToPath(new URL('..', import.meta.url));
const dataDir = mkdtempSync(path.join(tmpdir(), 'easio-e2e-'));
const env = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' };
const adminUrl = process.env.TEST_DATABASE_URL;
const dbName = `easio_e2e_${randomBytes(5).toString('hex')}`;

async function admin(sql) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

if (adminUrl) {
  await admin(`CREATE DATABASE "${dbName}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${dbName}`;
  env.DATABASE_URL = url.toString();
}

const server = spawn(process.execPath, [path.join(root, 'apps/server/dist/main.js')], {
  env,
  stdio: 'inherit',
});

let cleaning = false;
async function cleanUp(code) {
  if (cleaning) return;
  cleaning = true;
  if (server.exitCode === null) {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
  }
  if (adminUrl) await admin(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`).catch(console.error);
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(code);
}
server.on('exit', (code) => void cleanUp(code ?? 1));
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => void cleanUp(0));
