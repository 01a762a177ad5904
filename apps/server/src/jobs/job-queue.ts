/** Options of one job kind. */
export interface WorkOptions {
  /** Attempts after the first failure (default 3), with exponential backoff. */
  retryLimit?: number;
  /** Jobs of this kind run at most this many at once in this process (default 2). */
  concurrency?: number;
  /** Called once when the last attempt failed, with the error, so it is recorded and never lost. */
  onFinalFailure?: (data: Record<string, unknown>, error: Error) => Promise<void>;
}

/** A job to queue: its data, and the key that makes a second one while it waits a no-op. */
export interface NewJob {
  data: Record<string, unknown>;
  singletonKey?: string;
}

/**
 * Background jobs, kept in the database so they survive restarts and any process with the worker
 * role runs them: pg-boss on PostgreSQL (and on PGlite when it can), one interface either way.
 */
export interface JobQueue {
  /**
   * Queue a job; `singletonKey` drops a second job with the same key while one is queued, and
   * `startAfterSeconds` holds it back that long (with a key, a debounce: sends meanwhile fold into it).
   */
  send(
    name: string,
    data: Record<string, unknown>,
    options?: { singletonKey?: string; startAfterSeconds?: number },
  ): Promise<void>;
  /**
   * Queue many jobs of one kind, a batch of them per statement (keys as `send`). With `skipLive`, a key
   * that already has a job waiting, retrying or running is skipped too (start-up's re-queue: nothing is
   * done twice at once). Answers how many were handed to the database.
   */
  sendMany(name: string, jobs: NewJob[], options?: { skipLive?: boolean }): Promise<number>;
  /** Run jobs of `name` in this process. */
  work(
    name: string,
    handler: (data: Record<string, unknown>) => Promise<void>,
    options?: WorkOptions,
  ): Promise<void>;
  /** Resolves when no job is queued or running (for tests and the benchmark). */
  drain(): Promise<void>;
  start(): Promise<void>;
  stop(): Promise<void>;
}
