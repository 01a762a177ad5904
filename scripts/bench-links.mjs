#!/usr/bin/env node
// `npm run bench:links`: previews 200 saved links (pages of 50 KB, one in ten of 2 MB with a large
// script bundle, each with an icon and a picture) served by a loopback site, through the server's own
// job queue and previewer on a fresh embedded database (or the empty PostgreSQL database of BENCH_PG_URL),
// four at a time as the server runs them. Prints links per second and this process's RSS before and at
// peak. Figures are printed, never asserted.
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { openDatabase } from '../apps/server/dist/db/client.js';
import { objects } from '../apps/server/dist/db/schema.js';
import { createJobQueue } from '../apps/server/dist/jobs/create-job-queue.js';
import { createLinkPreviewer } from '../apps/server/dist/links/link-preview.js';
import { enqueueLinkPreviews, registerLinkPreviewJobs } from '../apps/server/dist/links/link-preview-jobs.js';
import { createLocalBlobStore } from '../apps/server/dist/storage/local-store.js';
import { createBenchUser } from './bench/bench-user.mjs';
import { watchRss } from './bench/peak-rss.mjs';

const LINKS = Number(process.env.LINKS ?? 200);

const paragraph = (n) =>
  `<div class="c"><h2>Section ${n}</h2><p>Paragraph ${n} about harbours, tides, boats and the people who keep them, with <a href="/x${n}">a link</a>.</p></div>`;
const page = (i, big) => `<!doctype html><html><head><title>Page ${i} | Bench Site</title>
  <meta property="og:description" content="Page ${i} of the bench site."><meta property="og:image" content="/cover.png">
  <link rel="icon" href="/icon.png">${big ? `<script>${'var bundle = "x";'.repeat(100_000)}</script>` : ''}</head>
  <body><nav>${'<a href="/">Home</a>'.repeat(50)}</nav><article><h1>Page ${i}</h1>
  ${Array.from({ length: big ? 4_000 : 300 }, (_, n) => paragraph(n)).join('')}</article></body></html>`;

const icon = await sharp({ create: { width: 64, height: 64, channels: 4, background: '#0a7' } })
  .png()
  .toBuffer();
const cover = await sharp({ create: { width: 1200, height: 630, channels: 3, background: '#246' } })
  .png()
  .toBuffer();
const site = http.createServer((req, res) => {
  if (req.url === '/icon.png') return res.writeHead(200, { 'content-type': 'image/png' }).end(icon);
  if (req.url === '/cover.png') return res.writeHead(200, { 'content-type': 'image/png' }).end(cover);
  const i = Number(/\/page\/(\d+)/.exec(req.url ?? '')?.[1] ?? 0);
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page(i, i % 10 === 0));
});
await new Promise((resolve) => site.listen(0, '127.0.0.1', resolve));
const base = `http://127.0.0.1:${site.address().port}`;

const dataDir = mkdtempSync(path.join(tmpdir(), 'easio-bench-links-'));
const databaseUrl = process.env.BENCH_PG_URL;
const database = await openDatabase({ dataDir, ...(databaseUrl ? { databaseUrl } : {}) });
const blobs = createLocalBlobStore(path.join(dataDir, 'blobs'));
const queue = createJobQueue(database, { pollIntervalMs: 50 });
try {
  await registerLinkPreviewJobs(
    queue,
    createLinkPreviewer({ db: database.db, blobs, allowPrivate: true }),
    database.db,
  );
  await queue.start();
  const user = await createBenchUser(database.db);
  const [root] = await database.db.select({ id: objects.id }).from(objects).limit(1);
  const rows = await database.db
    .insert(objects)
    .values(
      Array.from({ length: LINKS }, (_, i) => ({
        ownerId: user.id,
        parentId: root.id,
        dataType: 'url_object',
        name: `${base}/page/${i}`,
        url: `${base}/page/${i}`,
        jobState: 'pending',
      })),
    )
    .returning({ id: objects.id });

  const rss = watchRss();
  const started = performance.now();
  await enqueueLinkPreviews(
    queue,
    rows.map((r) => r.id),
  );
  await queue.drain();
  const took = (performance.now() - started) / 1000;
  const memory = rss.stop();
  const done = await database.db.select({ state: objects.jobState, name: objects.name }).from(objects);
  const named = done.filter((r) => r.state === 'done' && r.name.startsWith('Page ')).length;
  console.log(
    `link previews on ${databaseUrl ? 'PostgreSQL' : 'PGlite'}: ${LINKS} links (one in ten a 2 MB page) in ${took.toFixed(1)} s, ` +
      `${(LINKS / took).toFixed(1)} links/s, ${named} named by their page; ${memory.said}`,
  );
} finally {
  await queue.stop();
  await blobs.close();
  await database.close();
  site.close();
  rmSync(dataDir, { recursive: true, force: true });
}
