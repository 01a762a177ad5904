#!/usr/bin/env node
// `npm run bench:restore`: restores an Easio export of 10,000 items (100 drawers and binders, notes and
// links, 1,000 files of 20 KB) through `POST /api/account/restore` of the built server, until the restore
// it queues is done (a child
// process, so its memory is measured alone), then restores it again (nothing added). Prints items per
// second and the server's RSS before and at peak. DATABASE_URL=postgres://… runs it on PostgreSQL (a
// fresh database is expected); default PGlite. Figures are printed, never asserted.
import { randomBytes, randomUUID } from 'node:crypto';
import { createWriteStream, mkdtempSync, openAsBlob, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { ZipArchive } from 'archiver';
import { importSettled } from './bench/import-run.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const port = Number(process.env.BENCH_PORT ?? 3950);
const base = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(path.join(tmpdir(), 'easio-bench-restore-'));
const ITEMS = Number(process.env.BENCH_ITEMS ?? 10_000);
const FILES = Number(process.env.BENCH_FILES ?? 1000);
const DRAWERS = 10;
const BINDERS = 10;

/** The export, written as Download my data writes it: easio.json then the files, streamed to disk. */
async function writeExport(file) {
  const desk = randomUUID();
  const objects = [
    { id: desk, parent_id: null, data_type: 'root_object', name: 'My Desk', tags: [], metadata: {} },
  ];
  const binders = [];
  for (let d = 0; d < DRAWERS; d += 1) {
    const drawer = {
      id: randomUUID(),
      parent_id: desk,
      data_type: 'drawer_object',
      name: `Drawer ${d}`,
      folder_path: 'My Desk',
    };
    objects.push(drawer);
    for (let b = 0; b < BINDERS; b += 1) {
      const binder = {
        id: randomUUID(),
        parent_id: drawer.id,
        data_type: 'binder_object',
        name: `Binder ${b}`,
        folder_path: `My Desk/${drawer.name}`,
      };
      objects.push(binder);
      binders.push(binder);
    }
  }
  const files = [];
  const rest = ITEMS - objects.length + 1;
  for (let i = 0; i < rest; i += 1) {
    const binder = binders[i % binders.length];
    const at = {
      parent_id: binder.id,
      folder_path: `${binder.folder_path}/${binder.name}`,
      tags: [`tag${i % 50}`],
    };
    const item_date = new Date(Date.UTC(2020, 0, 1) + i * 60_000).toISOString();
    if (i < FILES) {
      const name = `file-${i}.bin`;
      const entry = `files/${at.folder_path}/${name}`;
      objects.push({
        id: randomUUID(),
        ...at,
        data_type: 'file_object',
        name,
        size: 20_480,
        sha256: 'x',
        item_date,
        file: entry,
      });
      files.push(entry);
    } else if (i % 2) {
      objects.push({
        id: randomUUID(),
        ...at,
        data_type: 'note_object',
        name: `Note ${i}`,
        content: `Text of note ${i} `.repeat(10),
        item_date,
      });
    } else {
      objects.push({
        id: randomUUID(),
        ...at,
        data_type: 'url_object',
        name: `Page ${i}`,
        url: `https://example.com/page/${i}`,
        metadata: { preview: { title: `Page ${i}` } },
        item_date,
      });
    }
  }
  const archive = new ZipArchive({ zlib: { level: 1 } });
  const done = new Promise((resolve, reject) => {
    const out = createWriteStream(file);
    out.on('close', resolve);
    archive.on('error', reject);
    archive.pipe(out);
  });
  const manifest = { format: 'easio-export', version: 1, exported_at: new Date().toISOString(), objects };
  archive.append(Buffer.from(JSON.stringify(manifest)), { name: 'easio.json' });
  for (const entry of files) archive.append(Readable.from([randomBytes(20_480)]), { name: entry });
  await archive.finalize();
  await done;
  return objects.length - 1;
}

const server = (await import('node:child_process')).spawn(
  process.execPath,
  ['--max-semi-space-size=2', path.join(root, 'apps/server/dist/main.js')],
  {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
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

try {
  for (let i = 0; ; i += 1) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {}
    if (i > 300) throw new Error('server did not start');
    await new Promise((r) => setTimeout(r, 100));
  }
  const user = {
    username: 'bench',
    email: 'bench@example.com',
    hashed_password: 'Secret12#',
    region: 'IN',
    age_confirmation: 'adult',
  };
  const signup = await fetch(`${base}/api/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(user),
  });
  if (!signup.ok) throw new Error(`signup: ${signup.status} ${await signup.text()}`);
  const token = await fetch(`${base}/api/auth/token`, {
    method: 'POST',
    body: new URLSearchParams({ username: user.email, password: user.hashed_password }),
  }).then((r) => r.json());
  const auth = { authorization: `Bearer ${token.access_token}` };
  const zip = path.join(dataDir, 'export.zip');
  const items = await writeExport(zip);
  const restore = async () => {
    const form = new FormData();
    form.append('file', await openAsBlob(zip), 'easio-export.zip');
    const started = performance.now();
    const res = await fetch(`${base}/api/account/restore`, { method: 'POST', headers: auth, body: form });
    if (!res.ok) throw new Error(`restore: ${res.status} ${await res.text()}`);
    // The upload is checked and queued; the restore runs in the background until done.
    const run = await importSettled(base, auth, (await res.json()).id);
    return {
      result: { state: run.state, ...run.totals, ...run.counts },
      seconds: (performance.now() - started) / 1000,
    };
  };
  const idle = rss();
  peakRss = idle;
  const first = await restore();
  const firstPeak = peakRss;
  const again = await restore();
  console.log(
    `restore on ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}: ${items} items (${FILES} files) in ${first.seconds.toFixed(1)} s, ` +
      `${(items / first.seconds).toFixed(0)} items/s (${JSON.stringify(first.result)}); server RSS ${idle.toFixed(0)} MB before, ` +
      `${firstPeak.toFixed(0)} MB at peak (+${(firstPeak - idle).toFixed(0)} MB); again: ${again.seconds.toFixed(1)} s ` +
      `(${JSON.stringify(again.result)}), peak ${peakRss.toFixed(0)} MB; load average ${loadavg()[0].toFixed(2)}`,
  );
} finally {
  clearInterval(sampler);
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  rmSync(dataDir, { recursive: true, force: true });
}
