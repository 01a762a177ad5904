import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { createConsumeFolder } from './consume/consumer.js';
import { openConsumeFolder } from './consume/open.js';
import { openDatabase } from './db/client.js';
import { sweepOrphanBlobs } from './desk/blob-cleanup.js';
import { purgeExpiredTrash } from './desk/trash-service.js';
import { createJobQueue } from './jobs/create-job-queue.js';
import { createLogger } from './logger.js';
import { mailerFromConfig } from './mail-out/mailer.js';
import { checkOcrLanguages } from './processing/ocr/languages.js';
import { aiNamerFromConfig } from './recommendations/ai-namer.js';
import { closeProcessingSandbox, configureSandbox } from './sandbox/default-sandbox.js';
import { loadOrCreateSecret } from './secrets.js';
import {
  createServices,
  type JobHandlers,
  queuedWork,
  registerJobHandlers,
  requeuePendingWork,
} from './services.js';
import { reclaimImports } from './sources/imports/import-jobs.js';
import { HEARTBEAT_MS } from './sources/imports/import-runner.js';
import { queueDueSyncs } from './sources/sync-jobs.js';
import { createBlobStore } from './storage/create-blob-store.js';
import { removeProcessTempFolder, setTempRoot, sweepStaleTempFolders } from './storage/temp-files.js';

/** How often the Trash is emptied of what is over `TRASH_DAYS`, and orphan blobs removed. */
const SWEEP_EVERY_MS = 6 * 60 * 60 * 1000;
/** How often connections are checked for a sync that is due. */
const SYNC_CHECK_MS = 5 * 60 * 1000;
/** How often imports whose worker went silent are looked for (another replica's crash, or a runner lost). */
const IMPORT_CHECK_MS = 60 * 1000;

const started = performance.now();
const config = loadConfig();
// Temporary files live on the data's disk (the system's /tmp is often memory); a crash's are removed now.
setTempRoot(path.join(config.dataDir, 'tmp'));
const staleTempFolders = await sweepStaleTempFolders();
// Files are parsed in worker threads held to these limits (see sandbox/sandbox.ts).
configureSandbox({
  workers: config.PROCESSING_WORKERS,
  memoryMb: config.PROCESSING_MEMORY_MB,
  timeoutMs: config.PROCESSING_TIMEOUT_SECONDS * 1000,
});
// A language named without its data package installed stops the start, naming the package.
if (config.OCR) checkOcrLanguages(config.OCR_LANGUAGES);
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.dataDir });
const jwtSecret = config.JWT_SECRET ?? (await loadOrCreateSecret(config.dataDir, 'jwt-secret'));
const tokenKey = config.TOKEN_ENCRYPTION_KEY ?? (await loadOrCreateSecret(config.dataDir, 'token-key'));
const blobs = await createBlobStore({
  blobStore: config.BLOB_STORE,
  dataDir: config.dataDir,
  s3: { region: config.S3_REGION, forcePathStyle: config.S3_FORCE_PATH_STYLE, endpoint: config.S3_ENDPOINT },
});
const queue = createJobQueue(database, { onError: (err) => console.error('job queue:', err) });
const services = createServices({
  config,
  database,
  blobs,
  log: createLogger({ level: config.LOG_LEVEL }),
  tokenKey,
  ...queuedWork(queue, database, config),
});
// Checked before anything starts: a scanner folder set up wrong stops the server with the reason.
const consumeSettings = await openConsumeFolder(config, database.db);
const namer = aiNamerFromConfig(config, (err) =>
  console.warn('binder naming model:', err instanceof Error ? err.message : err),
);
// The queue takes sends from now on; its workers start once the server listens (below).
await queue.start();

const mailer = mailerFromConfig(config);
const app = await buildApp({
  config,
  database,
  blobs,
  services,
  jwtSecret,
  mailer,
  webDistDir: fileURLToPath(new URL('../../web/dist', import.meta.url)),
  extensionDistDir: fileURLToPath(new URL('../../extension/dist', import.meta.url)),
});
// The scanner folder runs beside the job worker, in this process (set CONSUME_DIR on one replica only).
const consumer =
  consumeSettings &&
  createConsumeFolder(consumeSettings, {
    db: database.db,
    blobs,
    maxUploadBytes: Math.floor(config.MAX_UPLOAD_MB * 1024 * 1024),
    releaseBlobs: services.releaseBlobs,
    onFilesStored: services.onFilesStored,
    onItemsAdded: services.itemsAdded,
    log: services.log,
  });
const pulling = [...services.sources.sources.values()].filter((s) => s.pulls).map((s) => s.service);
const syncDue = () =>
  queueDueSyncs(database.db, services.syncScheduler, config.SYNC_EVERY_MINUTES, pulling).catch(
    (err: unknown) => app.log.warn({ err }, 'could not queue source syncs'),
  );
const syncTimer = config.SYNC_EVERY_MINUTES > 0 ? setInterval(syncDue, SYNC_CHECK_MS) : null;
syncTimer?.unref();

// Imports a crash cut off say so (Resume), queued ones get their job, unneeded kept uploads go. On PGlite
// this process is the database's only user, so whatever was running before it started was cut off; on
// PostgreSQL another replica may be running it, and only one silent for three heartbeats is (looked for
// again every minute, on both).
const reclaim = (before: Date) =>
  reclaimImports(database.db, services.importScheduler, services.imports.kept, { before })
    .then((found) => {
      if (found.interrupted || found.removed)
        app.log.info(found, 'imports cut off by a stop marked interrupted, and unneeded uploads removed');
    })
    .catch((err: unknown) => app.log.warn({ err }, 'could not look for interrupted imports'));
const processStarted = new Date(Date.now() - (performance.now() - started));
const silentSince = () => new Date(Date.now() - 3 * HEARTBEAT_MS);
const importTimer = setInterval(() => void reclaim(silentSince()), IMPORT_CHECK_MS);
importTimer.unref();

const sweep = () =>
  purgeExpiredTrash(database.db, config.TRASH_DAYS, services.releaseBlobs)
    .then(
      (purged) =>
        purged &&
        app.log.info({ purged }, `deleted for good what was in the Trash over ${config.TRASH_DAYS} days`),
    )
    .catch((err: unknown) => app.log.warn({ err }, 'emptying the Trash failed'))
    .then(() => sweepOrphanBlobs(database.db, blobs))
    .then((removed) => removed && app.log.info({ removed }, 'removed orphan blobs'))
    .catch((err: unknown) => app.log.warn({ err }, 'orphan blob sweep failed'));
const sweepTimer = setInterval(sweep, SWEEP_EVERY_MS);
sweepTimer.unref();
// Once soon after start too: a server that is rarely up for six hours still empties its Trash.
setTimeout(sweep, 60_000).unref();

/** The job workers starting, and the re-queue running, once listening (below): a stop waits for both. */
let workersStarting: Promise<JobHandlers> | undefined;
let requeuing: Promise<unknown> = Promise.resolve();
const stopRequeue = new AbortController();
let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down');
  clearInterval(sweepTimer);
  if (syncTimer) clearInterval(syncTimer);
  clearInterval(importTimer);
  // A running import stops at its next step, queued for the next start.
  services.imports.runner.stop();
  await consumer?.stop();
  await app.close();
  await mailer?.close();
  stopRequeue.abort();
  await requeuing;
  const jobHandlers = await workersStarting?.catch(() => undefined);
  await queue.stop();
  await jobHandlers?.close();
  await closeProcessingSandbox();
  await blobs.close();
  await database.close();
  await removeProcessTempFolder();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: config.PORT, host: config.HOST });
app.log.info(
  { database: database.kind, dataDir: config.dataDir, startupMs: Math.round(performance.now() - started) },
  `Easio is ready on http://localhost:${config.PORT}`,
);
// Listening first: /api/health answers while the job workers start and the re-queue below runs.
workersStarting = registerJobHandlers(queue, { config, database, blobs, services, namer });
await workersStarting;
// Work stored just before a crash whose job was never queued, queued now in rounds between requests
// (unless a stop came while the workers started).
const requeueStarted = performance.now();
if (!closing) {
  requeuing = requeuePendingWork(queue, database.db, config, stopRequeue.signal)
    .then((found) =>
      app.log.info(
        { ...found, ms: Math.round(performance.now() - requeueStarted) },
        'queued again the work left pending by the last run (what still had a job was left to it)',
      ),
    )
    .catch((err: unknown) => app.log.warn({ err }, 'could not queue the work left pending'));
}
// In the background, once the server answers.
void reclaim(database.kind === 'pglite' ? processStarted : silentSince());
if (staleTempFolders > 0) {
  app.log.info({ folders: staleTempFolders }, 'removed the temporary files an earlier run left');
}
if (consumer && consumeSettings) {
  consumer.start();
  app.log.info(
    { dir: consumeSettings.dir, user: consumeSettings.user.username, doneDir: consumeSettings.doneDir },
    'watching the scanner folder',
  );
}
