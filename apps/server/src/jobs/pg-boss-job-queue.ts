import { randomUUID } from 'node:crypto';
import { setTimeout as delay, setImmediate as nextTurn } from 'node:timers/promises';
import PgBoss from 'pg-boss';
import { asError, errorFromOutput } from './job-errors.js';
import type { JobQueue, NewJob, WorkOptions } from './job-queue.js';
import {
  analyzeChangedJobTables,
  BOSS_SCHEMA,
  dropOldArchive,
  ensureJobIndexes,
  keysWithLiveJobs,
  reclaimLapsedJobs,
  renewLeases,
} from './job-rows.js';
import { type Job, KindWorker } from './kind-worker.js';

export interface JobQueueOptions {
  /** How often an idle worker looks for jobs sent by other processes or due for a retry (default 2 s). */
  pollIntervalMs?: number;
  /** Wait before the first retry, in whole seconds (default 5); doubled per attempt, with jitter, under backoff. */
  retryDelaySeconds?: number;
  /** Exponential backoff between retries (default true; its delays are then at least 1 s). */
  retryBackoff?: boolean;
  /**
   * A running job's lease (default 30 s): its process renews it every `heartbeatSeconds` while the job
   * runs, however long; once it lapses (the process died, or stalled that long) any process takes the
   * job back and runs it again.
   */
  leaseSeconds?: number;
  /** How often this process renews the leases of the jobs it runs (default 10 s; at most half the lease). */
  heartbeatSeconds?: number;
  /** How often this process looks for lapsed leases to take back (default 10 s). */
  reclaimEverySeconds?: number;
  /**
   * How often finished jobs are archived, archived ones over a week old dropped, and (with
   * `analyzeJobTables`) job tables analyzed (default 60 s).
   */
  maintenanceIntervalSeconds?: number;
  /** Analyze pg-boss's tables as autovacuum would: for PGlite, which has none. */
  analyzeJobTables?: boolean;
  /** How long `stop()` waits for running jobs before failing them so they are retried (default 30 s). */
  stopTimeoutMs?: number;
  /** Errors of the queue itself (not of jobs), such as a lost database. */
  onError?: (error: Error) => void;
}

const DEFAULT_RETRY_LIMIT = 3;
const DEFAULT_CONCURRENCY = 2;
const DRAIN_POLL_MS = 25;
/** Keys looked up and jobs inserted per statement by `sendMany`. */
const SEND_BATCH = 1000;

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
 *
 * pg-boss's own maintenance (`supervise`) is off: its expiry would fail a long job that is still
 * running. Instead each running job holds a lease that this process renews (a heartbeat), and every
 * process takes back jobs whose lease lapsed (`job-rows.ts`), then archives finished jobs itself.
 */
export class PgBossJobQueue implements JobQueue {
  readonly #boss: PgBoss;
  readonly #db: PgBoss.Db;
  readonly #pollIntervalMs: number;
  readonly #stopTimeoutMs: number;
  readonly #leaseSeconds: number;
  readonly #heartbeatMs: number;
  readonly #reclaimMs: number;
  readonly #maintenanceMs: number;
  readonly #analyzeJobTables: boolean;
  readonly #onError: (error: Error) => void;
  readonly #kinds = new Map<string, Kind>();
  readonly #queues = new Map<string, Promise<void>>();
  readonly #timers: NodeJS.Timeout[] = [];
  /** Timer tasks under way (a renewal, a reclaim, archiving), awaited when the queue stops. */
  readonly #tasks = new Set<Promise<void>>();
  #started: Promise<void> | undefined;
  #stopped: Promise<void> | undefined;

  constructor(db: PgBoss.Db, options: JobQueueOptions = {}) {
    this.#db = db;
    this.#pollIntervalMs = options.pollIntervalMs ?? 2000;
    this.#stopTimeoutMs = options.stopTimeoutMs ?? 30_000;
    this.#leaseSeconds = options.leaseSeconds ?? 30;
    const heartbeatSeconds = options.heartbeatSeconds ?? 10;
    if (heartbeatSeconds * 2 > this.#leaseSeconds) {
      throw new Error('A job heartbeat must come at least twice within the lease');
    }
    this.#heartbeatMs = heartbeatSeconds * 1000;
    this.#reclaimMs = (options.reclaimEverySeconds ?? 10) * 1000;
    this.#maintenanceMs = (options.maintenanceIntervalSeconds ?? 60) * 1000;
    this.#analyzeJobTables = options.analyzeJobTables ?? false;
    this.#onError = options.onError ?? ((error) => console.error('[jobs]', error));
    this.#boss = new PgBoss({
      db,
      schema: BOSS_SCHEMA,
      schedule: false, // no cron jobs: saves a worker and a clock-skew check
      supervise: false, // leases and archiving are ours (above)
      migrate: true,
      // A new job's first lease, until its process renews it.
      expireInSeconds: this.#leaseSeconds,
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
      await ensureJobIndexes(this.#db);
      this.#every(this.#heartbeatMs, () => this.#renewLeases());
      this.#every(this.#reclaimMs, () => this.#reclaim());
      this.#every(this.#maintenanceMs, async () => {
        await this.#boss.archive();
        await dropOldArchive(this.#db);
        if (this.#analyzeJobTables) await analyzeChangedJobTables(this.#db);
      });
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
    if (!delayed) this.#wake(name);
  }

  async sendMany(name: string, jobs: NewJob[], options: { skipLive?: boolean } = {}): Promise<number> {
    await this.#running();
    await this.#ensureQueue(name);
    let handed = 0;
    for (let from = 0; from < jobs.length; from += SEND_BATCH) {
      // On PGlite a query settles without the event loop turning: let requests in between batches.
      if (from > 0) await nextTurn();
      let batch = jobs
        .slice(from, from + SEND_BATCH)
        .map((job) => ({ data: job.data, singletonKey: job.singletonKey ?? randomUUID() }));
      if (options.skipLive) {
        const live = await keysWithLiveJobs(
          this.#db,
          name,
          batch.map((job) => job.singletonKey),
        );
        batch = batch.filter((job) => !live.has(job.singletonKey));
      }
      if (batch.length === 0) continue;
      // One INSERT for the batch; a key already waiting is dropped there (ON CONFLICT DO NOTHING).
      await this.#boss.insert(batch.map((job) => ({ name, ...job, deadLetter: deadLetterOf(name) })));
      handed += batch.length;
    }
    if (handed > 0) this.#wake(name);
    return handed;
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
        leaseSeconds: this.#leaseSeconds,
        renew: async (ids) => {
          await renewLeases(
            this.#db,
            ids.map((id) => ({ name: workerName, id })),
            this.#leaseSeconds,
          );
        },
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
    const workers = this.#workers();
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
      await Promise.all(this.#workers().map((worker) => worker.stop(this.#stopTimeoutMs)));
      await this.#stopTimers();
      // The database belongs to the caller: pg-boss closes only connections it opened itself, none here.
      await this.#boss.stop({ graceful: false, close: false });
    })();
    await this.#stopped;
  }

  /**
   * Stops at once as a killed process would, for tests and benchmarks: no more jobs taken, no lease
   * renewed, and the jobs running now left active (never completed nor failed) for another process to
   * take back once their lease lapses.
   */
  async halt(): Promise<void> {
    this.#stopped ??= (async () => {
      for (const worker of this.#workers()) worker.halt();
      await this.#stopTimers();
      await this.#boss.stop({ graceful: false, close: false });
    })();
    await this.#stopped;
  }

  async #running(): Promise<void> {
    if (!this.#started || this.#stopped) throw new Error('The job queue is not running');
    await this.#started;
  }

  #workers(): KindWorker[] {
    return [...this.#kinds.values()].flatMap((kind) => kind.workers);
  }

  #wake(name: string): void {
    for (const worker of this.#workers()) if (worker.name === name) worker.wake();
  }

  /** Runs `task` every `ms`, never two at once, its errors reported. */
  #every(ms: number, task: () => Promise<unknown>): void {
    let running: Promise<void> | undefined;
    const timer = setInterval(() => {
      if (running) return;
      running = task()
        .then(() => undefined)
        .catch((error: unknown) => this.#onError(asError(error)))
        .finally(() => {
          if (running) this.#tasks.delete(running);
          running = undefined;
        });
      this.#tasks.add(running);
    }, ms);
    timer.unref();
    this.#timers.push(timer);
  }

  /** Stops the timers and waits for their tasks under way, so none outlives the queue. */
  async #stopTimers(): Promise<void> {
    for (const timer of this.#timers.splice(0)) clearInterval(timer);
    await Promise.all(this.#tasks);
  }

  async #renewLeases(): Promise<void> {
    const running = this.#workers().flatMap((worker) =>
      worker.runningIds().map((id) => ({ name: worker.name, id })),
    );
    await renewLeases(this.#db, running, this.#leaseSeconds);
  }

  async #reclaim(): Promise<void> {
    const mine = this.#workers().flatMap((worker) => worker.runningIds());
    for (const name of await reclaimLapsedJobs(this.#db, mine, this.#leaseSeconds)) this.#wake(name);
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
