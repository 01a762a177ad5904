import type PgBoss from 'pg-boss';
import { Alarm, settlesWithin } from './alarm.js';
import { asError } from './job-errors.js';

export type Job = PgBoss.JobWithMetadata<unknown>;

export interface KindWorkerOptions {
  boss: PgBoss;
  name: string;
  concurrency: number;
  pollIntervalMs: number;
  run: (job: Job) => Promise<void>;
  /** A job fetched with a longer lease than this (made before leases, or by pg-boss itself) is renewed first. */
  leaseSeconds: number;
  renew: (ids: string[]) => Promise<void>;
  onError: (error: Error) => void;
}

/**
 * Fetches jobs of one kind and runs up to `concurrency` of them at once. Its own loop rather than
 * pg-boss's `work()`: that one may start a job it fetched while stopping, after `stop()` resolved, and
 * does not await its completion queries; this one runs every job it takes and awaits its outcome.
 */
export class KindWorker {
  readonly #options: KindWorkerOptions;
  readonly #running = new Map<string, Promise<void>>();
  readonly #alarm = new Alarm();
  #loop: Promise<void> | undefined;
  #stopping = false;
  #halted = false;

  constructor(options: KindWorkerOptions) {
    this.#options = options;
  }

  get name(): string {
    return this.#options.name;
  }

  /** Jobs running now. */
  get busy(): number {
    return this.#running.size;
  }

  /** The ids of the jobs running now. */
  runningIds(): string[] {
    return [...this.#running.keys()];
  }

  start(): void {
    this.#loop ??= this.#poll();
  }

  /** Look for jobs now rather than at the next poll. */
  wake(): void {
    this.#alarm.ring();
  }

  /**
   * Takes no more jobs and waits up to `timeoutMs` for running ones; those still running then are
   * failed (retried later, like any failure) so they do not sit as active until they expire.
   */
  async stop(timeoutMs: number): Promise<void> {
    this.#stopping = true;
    this.#alarm.ring();
    await this.#loop;
    if (await settlesWithin(Promise.allSettled(this.#running.values()), timeoutMs)) return;
    const ids = [...this.#running.keys()];
    if (ids.length === 0) return;
    const { boss, name, onError } = this.#options;
    const reason = { message: 'The server stopped while the job was running' };
    await Promise.all(ids.map((id) => boss.fail(name, id, reason).catch(onError)));
  }

  /**
   * Stops as a killed process would, for tests and benchmarks: takes no more jobs, and a job running now
   * is neither completed nor failed when it ends, so it stays active until its lease lapses.
   */
  halt(): void {
    this.#halted = true;
    this.#stopping = true;
    this.#alarm.ring();
  }

  async #poll(): Promise<void> {
    const { boss, name, concurrency, pollIntervalMs, leaseSeconds, renew, onError } = this.#options;
    while (!this.#stopping) {
      const free = concurrency - this.#running.size;
      let fetched = 0;
      if (free > 0) {
        try {
          const jobs = await boss.fetch<unknown>(name, { batchSize: free, includeMetadata: true });
          const unleased = jobs.filter((job) => Number(job.expireInSeconds) > leaseSeconds);
          if (unleased.length > 0) await renew(unleased.map((job) => job.id)).catch(onError);
          // Started even when stopping meanwhile: pg-boss already marked them active.
          for (const job of jobs) this.#start(job);
          fetched = jobs.length;
        } catch (error) {
          onError(asError(error));
        }
      }
      if (free === 0 || fetched < free) await this.#alarm.sleep(pollIntervalMs);
    }
  }

  #start(job: Job): void {
    const { boss, name, run, onError } = this.#options;
    const settled = (async () => {
      try {
        await run(job);
      } catch (error) {
        if (this.#halted) return;
        // pg-boss keeps the error as the job's output; a retry is scheduled or, after the last, it fails.
        await boss.fail(name, job.id, asError(error));
        return;
      }
      if (!this.#halted) await boss.complete(name, job.id);
    })()
      .catch((error: unknown) => onError(asError(error)))
      .finally(() => {
        this.#running.delete(job.id);
        this.#alarm.ring();
      });
    this.#running.set(job.id, settled);
  }
}
