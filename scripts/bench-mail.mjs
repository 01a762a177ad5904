#!/usr/bin/env node
import { once } from 'node:events';
// `npm run bench:mail`: streams two mbox archives (1,000 and then 10,000 messages, one in five with a
// 20 KB attachment) through the server's own upload code into a fresh embedded database (or the empty
// PostgreSQL database of BENCH_PG_URL), as `POST /api/mail/files` does. Prints messages per second and
// this process's RSS before and at peak for each: memory stays flat when the peak does not grow with
// the archive. Figures are printed, never asserted.
import { createReadStream, createWriteStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig } from '../apps/server/dist/config.js';
import { openDatabase } from '../apps/server/dist/db/client.js';
import { importMailFile } from '../apps/server/dist/sources/mail/mail-file-import.js';
import { createLocalBlobStore } from '../apps/server/dist/storage/local-store.js';
import { createBenchUser } from './bench/bench-user.mjs';
import { watchRss } from './bench/peak-rss.mjs';
import { benchSourcesRuntime } from './bench/sources-runtime.mjs';

const mb = (bytes) => Math.round(bytes / 1_048_576);
const dataDir = mkdtempSync(path.join(tmpdir(), 'easio-bench-mail-'));
const databaseUrl = process.env.BENCH_PG_URL;
const database = await openDatabase({ dataDir, ...(databaseUrl ? { databaseUrl } : {}) });
const { db } = database;
const blobs = createLocalBlobStore(path.join(dataDir, 'blobs'));
const config = loadConfig({ DATA_DIR: dataDir });
const runtime = benchSourcesRuntime({ config, db, blobs });

/** Writes an mbox of `count` messages, as Thunderbird or Takeout would, to a file. */
async function writeMbox(file, count, tag) {
  const out = createWriteStream(file);
  const attachment = Buffer.alloc(20 * 1024, 65)
    .toString('base64')
    .replace(/.{76}/g, '$&\n');
  const body = 'Dear customer, your statement for the period is ready. '.repeat(30);
  for (let i = 0; i < count; i++) {
    const withFile = i % 5 === 0;
    const message = [
      `From sender${i % 50}@example.com Mon Nov  2 10:00:00 2026`,
      `From: Sender ${i % 50} <sender${i % 50}@example.com>`,
      'To: me@example.org',
      `Subject: Statement ${tag} ${i}`,
      'Date: Mon, 02 Nov 2026 10:00:00 +0000',
      `Message-ID: <${tag}-${i}@bench.example>`,
      'MIME-Version: 1.0',
      withFile ? 'Content-Type: multipart/mixed; boundary="b"' : 'Content-Type: text/plain; charset=utf-8',
      '',
      ...(withFile
        ? [
            '--b',
            'Content-Type: text/plain; charset=utf-8',
            '',
            body,
            '--b',
            `Content-Type: application/octet-stream; name="statement-${i}.bin"`,
            `Content-Disposition: attachment; filename="statement-${i}.bin"`,
            'Content-Transfer-Encoding: base64',
            '',
            attachment,
            '--b--',
          ]
        : [body]),
      '',
    ].join('\n');
    if (!out.write(`${message}\n`)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
}

try {
  const user = await createBenchUser(db);
  const connection = await runtime.store.ensure(user.id, 'mail_files');

  console.log(`mbox import on ${databaseUrl ? 'PostgreSQL' : 'PGlite'}`);
  for (const count of [1_000, 10_000]) {
    const file = path.join(dataDir, `archive-${count}.mbox`);
    await writeMbox(file, count, `m${count}`);
    const rss = watchRss();
    const started = performance.now();
    const counts = await importMailFile(createReadStream(file), `archive-${count}.mbox`, {
      importItems: (items, failed) => runtime.runner.importItems(connection.id, items, failed),
      maxBytes: Math.floor(config.MAX_UPLOAD_MB * 1024 * 1024),
    });
    const took = (performance.now() - started) / 1000;
    const memory = rss.stop();
    console.log(
      `  ${count.toLocaleString('en-US')} messages (${mb(statSync(file).size)} MB): ${counts.imported.toLocaleString('en-US')} items in ${took.toFixed(1)} s, ` +
        `${Math.round(count / took)} messages/s, ${counts.failed} failed; ${memory.said}`,
    );
  }
} finally {
  await blobs.close();
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
}
