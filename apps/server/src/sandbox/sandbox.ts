import { Worker } from 'node:worker_threads';
import type { TaskTable, WorkerAnswer, WorkerRequest } from './protocol.js';

/** Why a task's worker gave up: the reasons a user is shown, the same for every kind of file. */
export const SANDBOX_REASONS = {
  memory: 'The file is too large once unpacked to be read here',
  timeout: 'The file took too long to read',
  crashed: 'The file could not be read: reading it stopped its worker',
} as const;
export type SandboxReason = keyof typeof SANDBOX_REASONS;

/** A task its worker could not finish: it ran out of memory or time, or died. Never worth a retry. */
export class SandboxFailure extends Error {
  constructor(readonly reason: SandboxReason) {
    super(SANDBOX_REASONS[reason]);
    this.name = 'SandboxFailure';
  }
}

/** The tasks one module exports (`tasks`), named by that module's address: see `taskModule`. */
export interface TaskModule<T extends TaskTable> {
  readonly url: string;
  /** Never set: carries the table's type to `run`. */
  readonly table?: T;
}

/** The module at `url` (beside the caller, e.g. `new URL('./text-tasks.js', import.meta.url)`) as tasks. */
export function taskModule<T extends TaskTable>(url: URL): TaskModule<T> {
  return { url: url.href };
}

export interface SandboxOptions {
  /** Workers at once; further tasks wait their turn. */
  workers: number;
  /** Each worker's JavaScript heap (old generation), in MiB: past it the worker is ended, not the server. */
  memoryMb: number;
  /** The default time a task may take before its worker is ended. */
  timeoutMs: number;
  /** A worker idle this long ends, giving its memory back. */
  idleMs: number;
  /** A worker whose heap reached this many MiB ends after its task, giving that memory back. */
  retireAboveMb: number;
}

export const DEFAULT_SANDBOX: SandboxOptions = {
  workers: 1,
  memoryMb: 320,
  timeoutMs: 60_000,
  idleMs: 15_000,
  retireAboveMb: 96,
};

export interface SandboxStats {
  /** Workers started so far. */
  started: number;
  /** Workers alive now. */
  alive: number;
  /** Tasks waiting for a worker. */
  waiting: number;
  /** Tasks ended by their worker running out of memory or time, or dying. */
  failed: number;
}

export interface Sandbox {
  run<T extends TaskTable, K extends keyof T & string>(
    tasks: TaskModule<T>,
    name: K,
    input: Parameters<T[K]>[0],
    options?: { timeoutMs?: number },
  ): Promise<Awaited<ReturnType<T[K]>>>;
  stats(): SandboxStats;
  /** Ends every worker; tasks running or waiting fail. */
  close(): Promise<void>;
}

/** From the sources (tests, `tsx`) the worker's TypeScript is loaded through tsx; built, it is plain JS. */
const fromSource = import.meta.url.endsWith('.ts');
const WORKER_URL = new URL(fromSource ? './worker.ts' : './worker.js', import.meta.url);

function spawnWorker(memoryMb: number): Worker {
  const resourceLimits = {
    maxOldGenerationSizeMb: memoryMb,
    maxYoungGenerationSizeMb: Math.min(32, Math.max(4, Math.round(memoryMb / 16))),
  };
  if (!fromSource) return new Worker(WORKER_URL, { resourceLimits });
  const tsx = import.meta.resolve('tsx/esm/api');
  const boot = `import(${JSON.stringify(tsx)}).then(({ register }) => { register(); return import(${JSON.stringify(WORKER_URL.href)}); })`;
  return new Worker(boot, { eval: true, execArgv: ['--conditions=source'], resourceLimits });
}

interface Pending {
  request: WorkerRequest;
  timeoutMs: number;
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
}

interface Slot {
  worker: Worker;
  busy: Pending | null;
  /** Ends the task running when it lapses. */
  deadline: NodeJS.Timeout | null;
  /** Ends the worker when it lapses. */
  idle: NodeJS.Timeout | null;
}

/**
 * Parsing that cannot hurt the server: each task runs in a worker thread with a hard heap limit and a
 * time limit. A task that overruns either ends its worker (the memory goes with it) and fails alone with
 * SandboxFailure; the next task gets a new worker. Workers end when idle, or after a task that grew
 * their heap, so what a large file took is given back.
 */
export function createSandbox(options: Partial<SandboxOptions> = {}): Sandbox {
  const settings = { ...DEFAULT_SANDBOX, ...options };
  const slots = new Set<Slot>();
  const queue: Pending[] = [];
  const stats = { started: 0, failed: 0 };
  let nextId = 1;
  let closed = false;

  const end = (slot: Slot) => {
    slots.delete(slot);
    if (slot.idle) clearTimeout(slot.idle);
    if (slot.deadline) clearTimeout(slot.deadline);
    slot.worker.removeAllListeners();
    // An error while it ends (it may be ending already) changes nothing.
    slot.worker.on('error', () => {});
    void slot.worker.terminate();
  };

  const fail = (slot: Slot, reason: SandboxReason) => {
    const task = slot.busy;
    slot.busy = null;
    end(slot);
    if (task) {
      stats.failed += 1;
      task.reject(new SandboxFailure(reason));
    }
    pump();
  };

  const open = (): Slot => {
    const worker = spawnWorker(settings.memoryMb);
    stats.started += 1;
    const slot: Slot = { worker, busy: null, deadline: null, idle: null };
    worker.unref();
    worker.on('message', (answer: WorkerAnswer) => {
      const task = slot.busy;
      if (!task || answer.id !== task.request.id) return;
      if (slot.deadline) clearTimeout(slot.deadline);
      slot.busy = null;
      if (answer.ok) task.resolve(answer.value);
      else task.reject(Object.assign(new Error(answer.message), { name: answer.name }));
      if (answer.heapMb > settings.retireAboveMb) end(slot);
      else {
        slot.idle = setTimeout(() => !slot.busy && end(slot), settings.idleMs);
        slot.idle.unref();
      }
      pump();
    });
    worker.on('error', (error: Error & { code?: string }) =>
      fail(slot, error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? 'memory' : 'crashed'),
    );
    worker.on('exit', () => fail(slot, 'crashed'));
    slots.add(slot);
    return slot;
  };

  const pump = () => {
    while (!closed && queue.length > 0) {
      let slot = [...slots].find((s) => !s.busy);
      if (!slot) {
        if (slots.size >= settings.workers) return;
        slot = open();
      }
      const task = queue.shift() as Pending;
      if (slot.idle) clearTimeout(slot.idle);
      slot.idle = null;
      slot.busy = task;
      const running = slot;
      slot.deadline = setTimeout(() => running.busy === task && fail(running, 'timeout'), task.timeoutMs);
      slot.deadline.unref();
      // The input is copied to the worker (a Buffer arrives there as a Uint8Array).
      slot.worker.postMessage(task.request);
    }
  };

  return {
    run(tasks, name, input, runOptions = {}) {
      if (closed) return Promise.reject(new Error('The sandbox is closed'));
      return new Promise((resolve, reject) => {
        queue.push({
          request: { id: nextId++, module: tasks.url, task: name, input },
          timeoutMs: runOptions.timeoutMs ?? settings.timeoutMs,
          resolve: resolve as (value: unknown) => void,
          reject,
        });
        pump();
      });
    },
    stats: () => ({ ...stats, alive: slots.size, waiting: queue.length }),
    async close() {
      closed = true;
      for (const task of queue.splice(0)) task.reject(new Error('The sandbox is closed'));
      const ending = [...slots].map(async (slot) => {
        const task = slot.busy;
        slot.busy = null;
        task?.reject(new Error('The sandbox is closed'));
        end(slot);
        await slot.worker.terminate();
      });
      await Promise.all(ending);
    },
  };
}
