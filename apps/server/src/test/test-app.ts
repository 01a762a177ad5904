import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, FastifyServerOptions, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import type { Database } from '../db/client.js';
import { objects } from '../db/schema.js';
import { createJobQueue } from '../jobs/create-job-queue.js';
import type { JobQueue } from '../jobs/job-queue.js';
import { createLinkPreviewer } from '../links/link-preview.js';
import { enqueueLinkPreviews, registerLinkPreviewJobs } from '../links/link-preview-jobs.js';
import { type Mailer, mailerFromConfig } from '../mail-out/mailer.js';
import { createFileProcessor } from '../processing/process-file.js';
import { enqueueFileJob, registerFileJobs } from '../processing/register-file-jobs.js';
import { aiNamerFromConfig } from '../recommendations/ai-namer.js';
import {
  createRecommendationScheduler,
  type RecommendationScheduler,
  registerRecommendationJobs,
} from '../recommendations/jobs.js';
import { createSourcesRuntime } from '../sources/runtime.js';
import { createSyncScheduler, registerSyncJobs } from '../sources/sync-jobs.js';
import type { BlobStore } from '../storage/blob-store.js';
import { createLocalBlobStore } from '../storage/local-store.js';
import { type DbKind, openTestDatabase } from './databases.js';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  blobs: BlobStore;
  /** Files handed to background processing, in order. */
  storedFileIds: string[];
  /** Links handed to previewing, in order (with `previewLinks`). */
  previewedLinkIds: string[];
  /** Users for whom a debounced generation was asked (without `recommend`, nothing runs). */
  generationsAsked: string[];
  /** Connections a sync was asked for, in order. */
  syncsAsked: string[];
  /** With `processFiles`, `recommend` or `sources`, the real job queue: `drain()` waits until every job ran. */
  queue: JobQueue | null;
  /** The SMTP sender, when `env` sets SMTP_URL (a test's `startSmtpSink`): `idle()` waits for mail under way. */
  mailer: Mailer | null;
  close(): Promise<void>;
}

/** What test servers sign tokens with (so one may make a token that expires soon). */
export const TEST_JWT_SECRET = 'test-secret-test-secret-test-secret!';
/** What test servers seal OAuth tokens with. */
export const TEST_TOKEN_KEY = 'test-token-key-test-token-key-test-token-key';

/** The whole server on a fresh database, as `main.ts` builds it but without listening. */
export async function buildTestApp(
  kind: DbKind,
  options: {
    webDistDir?: string;
    extensionDistDir?: string;
    env?: NodeJS.ProcessEnv;
    processFiles?: boolean;
    recommend?: boolean;
    /** Previews saved links with the real job queue (else link previews are off, as LINK_PREVIEWS=false). */
    previewLinks?: boolean;
    /** Where the server logs (silent by default). */
    logger?: FastifyServerOptions['logger'];
    /** Runs source syncs with the real job queue (else they are only recorded in `syncsAsked`). */
    sources?: boolean;
    /** Another server on this database (left open on close: its owner closes it). */
    database?: Database;
    /** And on these files (as a restarted server finds its data directory). */
    blobs?: BlobStore;
  } = {},
): Promise<TestApp> {
  const database = options.database ?? (await openTestDatabase(kind));
  const dataDir = await mkdtemp(path.join(tmpdir(), 'easio-app-'));
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...options.env });
  const blobs = options.blobs ?? createLocalBlobStore(path.join(dataDir, 'blobs'));
  const storedFileIds: string[] = [];
  const queue =
    options.processFiles || options.recommend || options.sources || options.previewLinks
      ? createJobQueue(database, { pollIntervalMs: 50, retryDelaySeconds: 1 })
      : null;
  if (queue) {
    await registerFileJobs(queue, createFileProcessor({ db: database.db, blobs }), database.db);
    if (options.previewLinks) {
      const previewer = createLinkPreviewer({
        db: database.db,
        blobs,
        allowPrivate: config.ALLOW_PRIVATE_ADDRESSES,
      });
      await registerLinkPreviewJobs(queue, previewer, database.db);
    }
    if (options.recommend) {
      await registerRecommendationJobs(queue, database.db, { namer: aiNamerFromConfig(config, () => {}) });
    }
    await queue.start();
  }
  const generationsAsked: string[] = [];
  const scheduler: RecommendationScheduler | null =
    queue && options.recommend
      ? createRecommendationScheduler(queue, { debounceSeconds: config.RECOMMEND_AFTER_SECONDS })
      : null;
  const syncsAsked: string[] = [];
  const previewedLinkIds: string[] = [];
  const onLinksSaved =
    queue && options.previewLinks
      ? async (ids: string[]) => {
          previewedLinkIds.push(...ids);
          await enqueueLinkPreviews(queue, ids);
        }
      : null;
  const syncScheduler = queue && options.sources ? createSyncScheduler(queue, database.db) : null;
  const mailer = mailerFromConfig(config);
  const app = await buildApp({
    config,
    database,
    blobs,
    onFilesStored: async (ids) => {
      storedFileIds.push(...ids);
      if (queue) for (const id of ids) await enqueueFileJob(queue, id);
    },
    onLinksSaved,
    recommendationScheduler: {
      generateNow: async (ownerId) => {
        await scheduler?.generateNow(ownerId);
      },
      itemsAdded: async (ownerId) => {
        generationsAsked.push(ownerId);
        await scheduler?.itemsAdded(ownerId);
      },
    },
    jwtSecret: TEST_JWT_SECRET,
    tokenKey: TEST_TOKEN_KEY,
    mailer,
    syncScheduler: {
      syncNow: async (connectionId) => {
        syncsAsked.push(connectionId);
        await syncScheduler?.syncNow(connectionId);
      },
    },
    providerSleep: async () => {},
    webDistDir: options.webDistDir,
    extensionDistDir: options.extensionDistDir,
    logger: options.logger,
  });
  await app.ready();
  if (queue && options.sources) {
    const worker = createSourcesRuntime({
      config,
      db: database.db,
      blobs,
      tokenKey: TEST_TOKEN_KEY,
      log: app.log,
      onFilesStored: async (ids) => {
        storedFileIds.push(...ids);
        if (options.processFiles) for (const id of ids) await enqueueFileJob(queue, id);
      },
      onLinksSaved,
      onItemsAdded: (ownerId) => generationsAsked.push(ownerId),
      sleep: async () => {},
    });
    await registerSyncJobs(queue, worker.runner);
  }
  return {
    app,
    database,
    blobs,
    storedFileIds,
    previewedLinkIds,
    generationsAsked,
    syncsAsked,
    queue,
    mailer,
    async close() {
      await app.close();
      await mailer?.close();
      await queue?.stop();
      await blobs.close();
      if (!options.database) await database.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export const PASSWORD = 'Secret12#';

let counter = 0;
/** A distinct, valid sign-up payload. */
export function newSignup(overrides: Record<string, unknown> = {}) {
  counter += 1;
  const tag = `${process.pid.toString(36)}${counter}`;
  return {
    username: `user_${tag}`,
    email: `user_${tag}@example.com`,
    hashed_password: PASSWORD,
    region: 'IN',
    age_confirmation: 'adult',
    ...overrides,
  };
}

export function json(res: LightMyRequestResponse): Record<string, unknown> {
  return res.json() as Record<string, unknown>;
}

/** Signs up a new user and signs in; answers their token and info. */
export async function signedInUser(app: FastifyInstance, overrides: Record<string, unknown> = {}) {
  const signup = newSignup(overrides);
  const created = await app.inject({ method: 'POST', url: '/api/auth/signup', payload: signup });
  if (created.statusCode !== 200) throw new Error(`signup failed: ${created.body}`);
  const token = await app.inject({
    method: 'POST',
    url: '/api/auth/token',
    payload: new URLSearchParams({
      username: signup.email as string,
      password: signup.hashed_password as string,
    }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  const accessToken = (token.json() as { access_token: string }).access_token;
  return {
    signup,
    accessToken,
    info: created.json() as Record<string, unknown>,
    auth: { authorization: `Bearer ${accessToken}` },
  };
}

/**
 * Stores an object straight in the database for `owner` (on their desk unless `parentId` says
 * otherwise), as a source or processing would; answers its id.
 */
export async function putObject(
  t: TestApp,
  owner: Awaited<ReturnType<typeof signedInUser>>,
  values: Omit<typeof objects.$inferInsert, 'ownerId'>,
): Promise<string> {
  const [row] = await t.database.db
    .insert(objects)
    .values({ ownerId: owner.info.id as string, parentId: owner.info.root_folder as string, ...values })
    .returning({ id: objects.id });
  if (!row) throw new Error('insert failed');
  return row.id;
}

export function form(fields: Record<string, string>): Pick<InjectOptions, 'payload' | 'headers'> {
  return {
    payload: new URLSearchParams(fields).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  };
}
