import path from 'node:path';
import type { ImportService } from '@easio/shared';
import type { FastifyBaseLogger } from 'fastify';
import { restoreImportKind } from './account/restore-import.js';
import type { Config } from './config.js';
import type { Database, Db } from './db/client.js';
import { createBlobReleaser } from './desk/blob-cleanup.js';
import { createInFlight } from './http/in-flight.js';
import type { JobQueue } from './jobs/job-queue.js';
import { createLinkPreviewer } from './links/link-preview.js';
import {
  enqueueLinkPreviews,
  registerLinkPreviewJobs,
  requeuePendingPreviews,
} from './links/link-preview-jobs.js';
import { createOcrEngine } from './processing/ocr/engine.js';
import { createOcrProcessor } from './processing/ocr/ocr-job.js';
import { enqueueOcrJob, registerOcrJobs, requeuePendingOcr } from './processing/ocr/register-ocr-jobs.js';
import { createFileProcessor } from './processing/process-file.js';
import { enqueueFileJobs, registerFileJobs, requeuePendingFiles } from './processing/register-file-jobs.js';
import type { BinderNamer } from './recommendations/ai-namer.js';
import {
  createRecommendationScheduler,
  itemsAddedQuietly,
  type RecommendationScheduler,
  registerRecommendationJobs,
} from './recommendations/jobs.js';
import {
  createImportScheduler,
  type ImportScheduler,
  registerImportJobs,
} from './sources/imports/import-jobs.js';
import type { ImportKind } from './sources/imports/import-kind.js';
import { createImportRunner, type ImportRunner } from './sources/imports/import-runner.js';
import { createImportService, type ImportServiceApi } from './sources/imports/import-service.js';
import { createKeptUploads, type KeptUploads } from './sources/imports/kept-uploads.js';
import { linksImportKind, paperlessImportKind } from './sources/move-in/move-in-kinds.js';
import { createSourcesRuntime, type SourcesRuntime } from './sources/runtime.js';
import { createSyncScheduler, registerSyncJobs, type SyncScheduler } from './sources/sync-jobs.js';
import type { BlobStore } from './storage/blob-store.js';

/** Where the server hands work to the background: the job queue in a server, recorders around it in tests. */
export interface BackgroundWork {
  /** Queues background processing of newly stored files. */
  onFilesStored: (objectIds: string[]) => Promise<void>;
  /** Queues previews of saved links; null when link previews are off. */
  onLinksSaved: ((objectIds: string[]) => Promise<void>) | null;
  /** Queues reading a file's text with OCR (again); null when OCR is off. */
  onOcrAsked: ((objectId: string) => Promise<void>) | null;
  /** Queues recommendation generations (at once when asked, debounced after new items). */
  recommendationScheduler: RecommendationScheduler;
  /** Queues source syncs (the job worker runs them: see `registerJobHandlers`). */
  syncScheduler: SyncScheduler;
  /** Queues imports of kept uploads (the `import-upload` job). */
  importScheduler: ImportScheduler;
}

/** The background work of a server: everything goes to the job queue. */
export function queuedWork(queue: JobQueue, database: Database, config: Config): BackgroundWork {
  return {
    onFilesStored: (ids) => enqueueFileJobs(queue, ids),
    onLinksSaved: config.LINK_PREVIEWS ? (ids) => enqueueLinkPreviews(queue, ids) : null,
    onOcrAsked: config.OCR ? (id) => enqueueOcrJob(queue, id) : null,
    recommendationScheduler: createRecommendationScheduler(queue, {
      debounceSeconds: config.RECOMMEND_AFTER_SECONDS,
    }),
    syncScheduler: createSyncScheduler(queue, database.db),
    importScheduler: createImportScheduler(queue),
  };
}

export interface ServiceDeps extends BackgroundWork {
  config: Config;
  database: Database;
  blobs: BlobStore;
  log: FastifyBaseLogger;
  /** Seals OAuth tokens of connected sources at rest. */
  tokenKey: string;
  /** Waits between retries of rate-limited provider calls (tests make them instant). */
  providerSleep?: (ms: number) => Promise<void>;
}

/** What one process holds once, shared by its routes and its job worker. */
export interface Services extends BackgroundWork {
  /** The process's logger; the app logs through it too. */
  log: FastifyBaseLogger;
  /** Removes blobs no object uses any more, after a delete has committed. */
  releaseBlobs: (keys: { blobKeys: string[]; thumbnailKeys: string[] }) => Promise<void>;
  /** New items arrived on a desk: a generation is queued (a failure to queue is only logged). */
  itemsAdded: (ownerId: string) => void;
  /** Connections, OAuth clients, the sources and their sync runner. */
  sources: SourcesRuntime;
  /** Uploaded exports moved in or restored in the background: begun by the routes, run by the job worker. */
  imports: { service: ImportServiceApi; runner: ImportRunner; kept: KeptUploads };
  /** The requests being answered (counted by the app), which background steps wait out. */
  inFlight: ReturnType<typeof createInFlight>;
}

/** Builds the process-wide services, once: `main.ts` and the tests' `buildTestApp` both come here. */
export function createServices(deps: ServiceDeps): Services {
  const { config, database, blobs, log } = deps;
  const releaseBlobs = createBlobReleaser(database.db, blobs, log);
  const itemsAdded = itemsAddedQuietly(deps.recommendationScheduler, log);
  const inFlight = createInFlight();
  const sources = createSourcesRuntime({
    config,
    db: database.db,
    blobs,
    tokenKey: deps.tokenKey,
    log,
    onFilesStored: deps.onFilesStored,
    onLinksSaved: deps.onLinksSaved,
    onItemsAdded: itemsAdded,
    releaseBlobs,
    sleep: deps.providerSleep,
  });
  const maxArchiveBytes = Math.floor(config.MAX_ARCHIVE_MB * 1024 * 1024);
  const kinds = new Map<ImportService, ImportKind>([
    ['bookmarks', linksImportKind(database.db, 'bookmarks')],
    ['linkwarden', linksImportKind(database.db, 'linkwarden')],
    ['karakeep', linksImportKind(database.db, 'karakeep')],
    ['paperless', paperlessImportKind(database.db, maxArchiveBytes)],
    ['easio_export', restoreImportKind(database.db, maxArchiveBytes)],
  ]);
  const kept = createKeptUploads(path.join(config.dataDir, 'imports'));
  const imports = {
    kept,
    runner: createImportRunner({
      db: database.db,
      runner: sources.runner,
      kinds,
      kept,
      log,
      quiet: inFlight.quiet,
    }),
    service: createImportService({
      db: database.db,
      store: sources.store,
      kinds,
      kept,
      scheduler: deps.importScheduler,
    }),
  };
  return {
    log,
    onFilesStored: deps.onFilesStored,
    onLinksSaved: deps.onLinksSaved,
    onOcrAsked: deps.onOcrAsked,
    recommendationScheduler: deps.recommendationScheduler,
    syncScheduler: deps.syncScheduler,
    importScheduler: deps.importScheduler,
    releaseBlobs,
    itemsAdded,
    sources,
    imports,
    inFlight,
  };
}

export interface JobHandlerDeps {
  config: Config;
  database: Database;
  blobs: BlobStore;
  services: Services;
  /** Names new binders with a model; none without one. */
  namer?: BinderNamer;
}

/** What the job worker holds beyond the queue, released when the process stops. */
export interface JobHandlers {
  /** Stops the OCR readers (worker threads) if any run. */
  close(): Promise<void>;
}

/** A reader unused this long is stopped: an idle server holds no OCR memory. */
const OCR_IDLE_MS = 60_000;

/**
 * The job worker: every kind of job this process runs, registered on the queue (file processing, OCR,
 * link previews, recommendation generations, source syncs, imports of uploaded exports). A test may
 * leave some kinds out.
 */
export async function registerJobHandlers(
  queue: JobQueue,
  { config, database, blobs, services, namer }: JobHandlerDeps,
  kinds: { linkPreviews: boolean; recommendations: boolean; syncs: boolean; imports?: boolean } = {
    linkPreviews: true,
    recommendations: true,
    syncs: true,
  },
): Promise<JobHandlers> {
  const db = database.db;
  const ocr = config.OCR
    ? createOcrEngine({
        languages: config.OCR_LANGUAGES,
        workers: config.OCR_WORKERS,
        pageTimeoutMs: config.OCR_PAGE_TIMEOUT_SECONDS * 1000,
        idleMs: OCR_IDLE_MS,
      })
    : null;
  const readWithOcr = ocr ? (id: string) => enqueueOcrJob(queue, id) : null;
  await registerFileJobs(queue, createFileProcessor({ db, blobs, readWithOcr }), db);
  if (ocr) {
    const processor = createOcrProcessor({
      db,
      blobs,
      engine: ocr,
      limits: { maxPages: config.OCR_MAX_PAGES },
      languages: config.OCR_LANGUAGES,
      onTextRead: services.itemsAdded,
    });
    await registerOcrJobs(queue, processor, db, config.OCR_WORKERS);
  }
  if (kinds.linkPreviews) {
    const previewer = createLinkPreviewer({ db, blobs, allowPrivate: config.ALLOW_PRIVATE_ADDRESSES });
    await registerLinkPreviewJobs(queue, previewer, db);
  }
  if (kinds.recommendations) await registerRecommendationJobs(queue, db, { namer });
  if (kinds.syncs) await registerSyncJobs(queue, services.sources.runner, db);
  if (kinds.imports !== false) await registerImportJobs(queue, services.imports.runner);
  return { close: async () => ocr?.close() };
}

/** What start-up's re-queue found waiting, of each kind. */
export interface RequeuedWork {
  files: number;
  links: number;
  ocr: number;
}

/**
 * Work stored just before a crash whose job was never queued (or that a job was half way through), queued
 * again: file processing, link previews, OCR. Items that still have a job (waiting, retrying, or running
 * in this or another process) are left to it, so each is queued once. `main.ts` runs it in the background
 * once listening: it works in rounds and lets requests in between them; `signal` stops it between rounds.
 */
export async function requeuePendingWork(
  queue: JobQueue,
  db: Db,
  config: Config,
  signal?: AbortSignal,
): Promise<RequeuedWork> {
  const files = await requeuePendingFiles(queue, db, signal);
  const links = config.LINK_PREVIEWS ? await requeuePendingPreviews(queue, db, signal) : 0;
  const ocr = config.OCR ? await requeuePendingOcr(queue, db, signal) : 0;
  return { files, links, ocr };
}
