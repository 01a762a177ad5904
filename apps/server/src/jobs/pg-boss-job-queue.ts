import { randomUUID } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import PgBoss from 'pg-boss';
import { errorFromOutput } from './job-errors.js';
import type { JobQueue, WorkOptions } from './job-queue.js';
import { type Job, KindWorker } from './kind-worker.js';

export interface JobQueueOptions {
  /** How often an idle worker looks for jobs sent by other processes or due for a retry (default 2 s). */
  pollIntervalMs?: number;
  /** Wait before the first retry, in whole seconds (default 5); doubled per attempt, with jitter, under backoff. */
  retryDelaySeconds?: number;
  /** Exponential backoff between retries (default true; its delays are then at least 1 s). */
  retryBackoff?: boolean;
  /** A job running longer is failed by maintenance, then retried (default 15 minutes). */
  expireInSeconds?: number;
  /** How often pg-boss expires overdue jobs and archives finished ones (default 120 s). */
  maintenanceIntervalSeconds?: number;
  /** How long `stop()` waits for running jobs before failing them so they are retried (default 30 s). */
  stopTimeoutMs?: number;
  /** Errors of the queue itself (not of jobs), such as a lost database. */
  onError?: (error: Error) => void;
}

const DEFAULT_RETRY_LIMIT = 3;
const DEFAULT_CONCURRENCY = 2;
const DRAIN_POLL_MS = 25;

/** Failed jobs of kind `name` land here (pg-boss's dead letter), whatever failed them: an error, time, a crash. */
const deadLetterOf = (name: string) => `${name}__failed`;

interface Kind {
  name: string;
  retryLimit: number;
  workers: KindWorker[];
}

function dataOf(job: Job): Record<string, unknown> {
  const { data } = job;
  return typeof data === 'object' && data !== null && !Array.isArray(data)
    ? (data as Record<string, unknown>)
    : {};
}

/**
 * The JobQueue on pg-boss, on PostgreSQL or PGlite alike. Kinds use pg-boss's `short` policy, where
 * a job's singleton key is unique among jobs waiting for their first run; jobs sent without one get a
 * unique key, so only sends that name a key are ever dropped.
 */
export class PgBossJobQueue implements JobQueue {
  readonly #boss: PgBoss;
  readonly #pollIntervalMs: number;
  readonly #stopTimeoutMs: number;
  readonly #onError: (error: Error) => void;
  readonly #kinds = new Map<string, Kind>();
  readonly #queues = new Map<string, Promise<void>>();
  #started: Promise<void> | undefined;
  #stopped: Promise<void> | undefined;

  constructor(db: PgBoss.Db, options: JobQueueOptions = {}) {
    this.#pollIntervalMs = options.pollIntervalMs ?? 2000;
    this.#stopTimeoutMs = options.stopTimeoutMs ?? 30_000;
    this.#onError = options.onError ?? ((error) => console.error('[jobs]', error));
    this.#boss = new PgBoss({
      db,
      schedule: false, // no cron jobs: saves a worker and a clock-skew check
      supervise: true,
      migrate: true,
      maintenanceIntervalSeconds: options.maintenanceIntervalSeconds ?? 120,
      expireInSeconds: options.expireInSeconds ?? 15 * 60,
      retryLimit: DEFAULT_RETRY_LIMIT,
      retryDelay: options.retryDelaySeconds ?? 5,
      retryBackoff: options.retryBackoff ?? true,
    });
    this.#boss.on('error', this.#onError);
  }

  async start(): Promise<void> {
    if (this.#stopped) throw new Error('A stopped job queue cannot start again: create a new one');
    this.#started ??= (async () => {
      await this.#boss.start();
      for (const kind of this.#kinds.values()) await this.#activate(kind);
    })();
    await this.#started;
  }

  async send(
    name: string,
    data: Record<string, unknown>,
    options: { singletonKey?: string; startAfterSeconds?: number } = {},
  ): Promise<void> {
    await this.#running();
    await this.#ensureQueue(name);
    const delayed = (options.startAfterSeconds ?? 0) > 0;
    await this.#boss.send(name, data, {
      singletonKey: options.singletonKey ?? randomUUID(),
      deadLetter: deadLetterOf(name),
      ...(delayed ? { startAfter: options.startAfterSeconds } : {}),
    });
    if (!delayed) for (const worker of this.#kinds.get(name)?.workers ?? []) worker.wake();
  }

  async work(
    name: string,
    handler: (data: Record<string, unknown>) => Promise<void>,
    options: WorkOptions = {},
  ): Promise<void> {
    if (this.#kinds.has(name)) throw new Error(`Jobs "${name}" already have a handler`);
    const { onFinalFailure } = options;
    const worker = (workerName: string, concurrency: number, run: (job: Job) => Promise<void>) =>
      new KindWorker({
        boss: this.#boss,
        name: workerName,
        concurrency,
        pollIntervalMs: this.#pollIntervalMs,
        run,
        onError: this.#onError,
      });
    const kind: Kind = {
      name,
      retryLimit: options.retryLimit ?? DEFAULT_RETRY_LIMIT,
      workers: [
        worker(name, options.concurrency ?? DEFAULT_CONCURRENCY, (job) => handler(dataOf(job))),
        worker(deadLetterOf(name), 1, async (job) => {
          await onFinalFailure?.(dataOf(job), errorFromOutput(job.output));
        }),
      ],
    };
    this.#kinds.set(name, kind);
    if (this.#started) {
      await this.#started;
      await this.#activate(kind);
    }
  }

  async drain(): Promise<void> {
    await this.#running();
    const names = [...this.#kinds.keys()].flatMap((name) => [name, deadLetterOf(name)]);
    const workers = [...this.#kinds.values()].flatMap((kind) => kind.workers);
    for (;;) {
      if (workers.every((worker) => worker.busy === 0)) {
        // States before `completed` are created, retry (maybe waiting for its backoff) and active.
        const sizes = await Promise.all(
          names.map((name) => this.#boss.getQueueSize(name, { before: 'completed' })),
        );
        if (sizes.every((size) => size === 0) && workers.every((worker) => worker.busy === 0)) return;
      }
      for (const worker of workers) worker.wake();
      await delay(DRAIN_POLL_MS);
    }
  }

  async stop(): Promise<void> {
    this.#stopped ??= (async () => {
      if (!this.#started) return;
      await this.#started.catch(() => undefined);
      const workers = [...this.#kinds.values()].flatMap((kind) => kind.workers);
      await Promise.all(workers.map((worker) => worker.stop(this.#stopTimeoutMs)));
      // The database belongs to the caller: pg-boss closes only connections it opened itself, none here.
      await this.#boss.stop({ graceful: false, close: false });
    })();
    await this.#stopped;
  }

  async #running(): Promise<void> {
    if (!this.#started || this.#stopped) throw new Error('The job queue is not running');
    await this.#started;
  }

  #ensureQueue(name: string): Promise<void> {
    let ensured = this.#queues.get(name);
    if (!ensured) {
      ensured = (async () => {
        await this.#boss.createQueue(deadLetterOf(name));
        await this.#boss.createQueue(name, { name, policy: 'short', deadLetter: deadLetterOf(name) });
      })();
      ensured.catch(() => this.#queues.delete(name));
      this.#queues.set(name, ensured);
    }
    return ensured;
  }

  async #activate(kind: Kind): Promise<void> {
    await this.#ensureQueue(kind.name);
    // Kept on the queue, so jobs that any process sends later get this kind's limit.
    await this.#boss.updateQueue(kind.name, {
      name: kind.name,
      policy: 'short',
      retryLimit: kind.retryLimit,
      deadLetter: deadLetterOf(kind.name),
    });
    for (const worker of kind.workers) worker.start();
  }
}
