import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { DeskObject } from '@easio/shared';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../app.js';
import { type Config, loadConfig } from '../config.js';
import type { Database } from '../db/client.js';
import { objects } from '../db/schema.js';
import { createJobQueue } from '../jobs/create-job-queue.js';
import type { JobQueue } from '../jobs/job-queue.js';
import { createLogger, type LogOptions } from '../logger.js';
import { type Mailer, mailerFromConfig } from '../mail-out/mailer.js';
import { aiNamerFromConfig } from '../recommendations/ai-namer.js';
import {
  type BackgroundWork,
  createServices,
  type JobHandlers,
  queuedWork,
  registerJobHandlers,
  type Services,
} from '../services.js';
import type { BlobStore } from '../storage/blob-store.js';
import { createLocalBlobStore } from '../storage/local-store.js';
import { type DbKind, openTestDatabase } from './databases.js';
import { multipartBody } from './multipart.js';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  blobs: BlobStore;
  config: Config;
  /** The process-wide services the app was built with. */
  services: Services;
  /** Files handed to background processing, in order. */
  storedFileIds: string[];
  /** Links handed to previewing, in order (with `previewLinks`). */
  previewedLinkIds: string[];
  /** Users for whom a debounced generation was asked (without `recommend`, nothing runs). */
  generationsAsked: string[];
  /** Connections a sync was asked for, in order. */
  syncsAsked: string[];
  /** Imports queued, in order (run by the job queue when there is one). */
  importsAsked: string[];
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
    logger?: LogOptions;
    /** Runs source syncs with the real job queue (else they are only recorded in `syncsAsked`). */
    sources?: boolean;
    /** Another server on this database (left open on close: its owner closes it). */
    database?: Database;
    /** And on these files (as a restarted server finds its data directory). */
    blobs?: BlobStore;
    /** And in this data directory (left in place on close: its owner removes it). */
    dataDir?: string;
    /** Runs imports of uploaded exports with the real job queue (else they are only recorded in `importsAsked`). */
    imports?: boolean;
  } = {},
): Promise<TestApp> {
  const database = options.database ?? (await openTestDatabase(kind));
  const dataDir = options.dataDir ?? (await mkdtemp(path.join(tmpdir(), 'easio-app-')));
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...options.env });
  const blobs = options.blobs ?? createLocalBlobStore(path.join(dataDir, 'blobs'));
  const storedFileIds: string[] = [];
  const previewedLinkIds: string[] = [];
  const generationsAsked: string[] = [];
  const syncsAsked: string[] = [];
  const importsAsked: string[] = [];
  const queue =
    options.processFiles || options.recommend || options.sources || options.previewLinks || options.imports
      ? createJobQueue(database, { pollIntervalMs: 50, retryDelaySeconds: 1 })
      : null;
  const queued = queue ? queuedWork(queue, database, config) : null;
  // Files are processed whenever the queue runs, except in a sources test that did not ask for it.
  const processFiles = queued !== null && (options.processFiles || !options.sources);
  // The server's background work, recorded; only what the options ask for reaches the queue.
  const work: BackgroundWork = {
    onFilesStored: async (ids) => {
      storedFileIds.push(...ids);
      if (processFiles) await queued.onFilesStored(ids);
    },
    onLinksSaved:
      queued && options.previewLinks
        ? async (ids) => {
            previewedLinkIds.push(...ids);
            await queued.onLinksSaved?.(ids);
          }
        : null,
    onOcrAsked: queued?.onOcrAsked ?? null,
    recommendationScheduler: {
      generateNow: async (ownerId) => {
        if (options.recommend) await queued?.recommendationScheduler.generateNow(ownerId);
      },
      itemsAdded: async (ownerId) => {
        generationsAsked.push(ownerId);
        if (options.recommend) await queued?.recommendationScheduler.itemsAdded(ownerId);
      },
    },
    syncScheduler: {
      syncNow: async (connectionId) => {
        syncsAsked.push(connectionId);
        if (options.sources) await queued?.syncScheduler.syncNow(connectionId);
      },
    },
    importScheduler: {
      queue: async (importId) => {
        importsAsked.push(importId);
        if (options.imports) await queued?.importScheduler.queue(importId);
      },
    },
  };
  const services = createServices({
    config,
    database,
    blobs,
    log: createLogger(options.logger ?? { level: config.LOG_LEVEL }),
    tokenKey: TEST_TOKEN_KEY,
    providerSleep: async () => {},
    ...work,
  });
  let handlers: JobHandlers | null = null;
  if (queue) {
    handlers = await registerJobHandlers(
      queue,
      { config, database, blobs, services, namer: aiNamerFromConfig(config, () => {}) },
      {
        linkPreviews: options.previewLinks === true,
        recommendations: options.recommend === true,
        syncs: options.sources === true,
        imports: options.imports === true,
      },
    );
    await queue.start();
  }
  const mailer = mailerFromConfig(config);
  const app = await buildApp({
    config,
    database,
    blobs,
    services,
    jwtSecret: TEST_JWT_SECRET,
    mailer,
    webDistDir: options.webDistDir,
    extensionDistDir: options.extensionDistDir,
  });
  await app.ready();
  return {
    app,
    database,
    blobs,
    config,
    services,
    storedFileIds,
    previewedLinkIds,
    generationsAsked,
    syncsAsked,
    importsAsked,
    queue,
    mailer,
    async close() {
      await app.close();
      await mailer?.close();
      await queue?.stop();
      await handlers?.close();
      await blobs.close();
      if (!options.database) await database.close();
      if (!options.dataDir) await rm(dataDir, { recursive: true, force: true });
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

/** Uploads one file to the desk root through the API (`query`: e.g. `?on_duplicate=link`); its object. */
export async function uploadFile(
  t: TestApp,
  auth: { authorization: string },
  name: string,
  bytes: Buffer,
  query = '',
): Promise<DeskObject> {
  const body = multipartBody([{ name, bytes }]);
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/desk/uploads${query}`,
    headers: { ...auth, ...body.headers },
    payload: body.payload,
  });
  return (res.json() as { items: DeskObject[] }).items[0] as DeskObject;
}

/** An object as `GET /api/desk/objects/{id}` answers it. */
export async function getObject(
  t: TestApp,
  auth: { authorization: string },
  id: string,
): Promise<DeskObject> {
  const res = await t.app.inject({ method: 'GET', url: `/api/desk/objects/${id}`, headers: auth });
  return res.json() as DeskObject;
}

export function form(fields: Record<string, string>): Pick<InjectOptions, 'payload' | 'headers'> {
  return {
    payload: new URLSearchParams(fields).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  };
}
