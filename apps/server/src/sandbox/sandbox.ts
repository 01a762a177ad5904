import { type ChildProcess, fork, type StdioOptions, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { setPriority } from 'node:os';
import { fileURLToPath } from 'node:url';
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
  /** Each worker's memory, in MiB (its resident memory and its JavaScript heap): past it the worker is ended, not the server. */
  memoryMb: number;
  /** The default time a task may take before its worker is ended. */
  timeoutMs: number;
  /** A worker idle this long ends, giving its memory back. */
  idleMs: number;
  /** A worker left with more resident memory than this (MiB) ends after its task, giving it back. */
  retireAboveMb: number;
}

export const DEFAULT_SANDBOX: SandboxOptions = {
  workers: 1,
  memoryMb: 256,
  timeoutMs: 60_000,
  idleMs: 15_000,
  retireAboveMb: 200,
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
    /** `timeoutMs`: a shorter limit than the sandbox's own for this task (never a longer one). */
    options?: { timeoutMs?: number },
  ): Promise<Awaited<ReturnType<T[K]>>>;
  stats(): SandboxStats;
  /** Ends every worker; tasks running or waiting fail. */
  close(): Promise<void>;
}

/** From the sources (tests, `tsx`) the worker's TypeScript is loaded through tsx; built, it is plain JS. */
const fromSource = import.meta.url.endsWith('.ts');
const WORKER_FILE = fileURLToPath(new URL(fromSource ? './worker.ts' : './worker.js', import.meta.url));
/** How often a busy worker's resident memory is looked at. */
const RSS_CHECK_MS = 25;
/** Workers yield the processor to the server (nice 10): on two cores, requests come before parsing. */
const WORKER_NICENESS = 10;
const PAGE_BYTES = 4096;

/** util-linux's prlimit (on every Linux): the worker's data limit makes an allocation past it fail at once. */
const PRLIMIT = ['/usr/bin/prlimit', '/bin/prlimit'].find((file) => existsSync(file));
/** Room above the memory cap for what Node itself maps at start (its code, the loader of the sources). */
const DATA_HEADROOM_MB = 64;

function spawnWorker(memoryMb: number): ChildProcess {
  // Its own flags only: not the parent's (a test runner's loaders, the server's heap settings).
  const execArgv = [
    ...(fromSource ? ['--import', 'tsx', '--conditions=source'] : []),
    `--max-old-space-size=${memoryMb}`,
    '--max-semi-space-size=4',
  ];
  const options = {
    serialization: 'advanced' as const,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'] as StdioOptions,
  };
  // With a data limit a buffer past the cap is refused as it is asked for, where the watch of its
  // resident memory (below, everywhere) sees it only once it is there.
  const child = PRLIMIT
    ? spawn(
        PRLIMIT,
        [`--data=${(memoryMb + DATA_HEADROOM_MB) * 1024 * 1024}`, process.execPath, ...execArgv, WORKER_FILE],
        options,
      )
    : fork(WORKER_FILE, [], { ...options, execArgv });
  try {
    if (child.pid !== undefined) setPriority(child.pid, WORKER_NICENESS);
  } catch {
    // Where priorities cannot be set, the worker runs at the server's.
  }
  return child;
}

/** A process's resident memory in MiB (Linux's /proc), or null where it cannot be read. */
async function residentMb(pid: number | undefined): Promise<number | null> {
  if (pid === undefined) return null;
  try {
    const pages = Number((await readFile(`/proc/${pid}/statm`, 'utf8')).split(' ')[1]);
    return Number.isFinite(pages) ? (pages * PAGE_BYTES) / (1024 * 1024) : null;
  } catch {
    return null;
  }
}

interface Pending {
  request: WorkerRequest;
  timeoutMs: number;
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
}

interface Slot {
  worker: ChildProcess;
  busy: Pending | null;
  /** Ends the task running when it lapses. */
  deadline: NodeJS.Timeout | null;
  /** Ends the worker when it lapses. */
  idle: NodeJS.Timeout | null;
}

/**
 * Parsing that cannot hurt the server: each task runs in a worker process with a hard heap limit, a
 * cap on its resident memory (what a parser inflates into buffers, which no heap limit counts) and a
 * time limit. A task that overruns any of them ends its worker (its memory goes back to the system
 * with it) and fails alone with SandboxFailure; the next task gets a new worker. Workers end when
 * idle, or after a task that left them large.
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
    slot.worker.kill('SIGKILL');
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

  // Busy workers' memory, looked at while any works: one over its cap is ended.
  let watching: NodeJS.Timeout | null = null;
  const watch = () => {
    if (watching) return;
    watching = setInterval(async () => {
      const busy = [...slots].filter((slot) => slot.busy);
      if (busy.length === 0 && watching) {
        clearInterval(watching);
        watching = null;
        return;
      }
      for (const slot of busy) {
        const mb = await residentMb(slot.worker.pid);
        if (mb !== null && mb > settings.memoryMb && slot.busy) fail(slot, 'memory');
      }
    }, RSS_CHECK_MS);
    watching.unref();
  };

  // A worker keeps the server's process running only while it works (an idle one never holds it open).
  const holdOpen = (slot: Slot, hold: boolean) => {
    if (hold) {
      slot.worker.ref();
      slot.worker.channel?.ref();
    } else {
      slot.worker.unref();
      slot.worker.channel?.unref();
    }
  };

  const open = (): Slot => {
    const worker = spawnWorker(settings.memoryMb);
    stats.started += 1;
    const slot: Slot = { worker, busy: null, deadline: null, idle: null };
    worker.on('message', (answer: WorkerAnswer) => {
      const task = slot.busy;
      if (!task || answer.id !== task.request.id) return;
      if (slot.deadline) clearTimeout(slot.deadline);
      slot.busy = null;
      holdOpen(slot, false);
      if (answer.ok) task.resolve(answer.value);
      else if (answer.outOfMemory) {
        // Refused memory may have left the worker in any state: it goes.
        stats.failed += 1;
        task.reject(new SandboxFailure('memory'));
        end(slot);
        pump();
        return;
      } else task.reject(Object.assign(new Error(answer.message), { name: answer.name }));
      if (answer.residentMb > settings.retireAboveMb) end(slot);
      else {
        slot.idle = setTimeout(() => !slot.busy && end(slot), settings.idleMs);
        slot.idle.unref();
      }
      pump();
    });
    worker.on('error', () => fail(slot, 'crashed'));
    // V8 aborts a process that reaches its heap limit.
    worker.on('exit', (code, signal) =>
      fail(slot, code === 134 || signal === 'SIGABRT' || signal === 'SIGTRAP' ? 'memory' : 'crashed'),
    );
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
      holdOpen(slot, true);
      const running = slot;
      slot.deadline = setTimeout(() => running.busy === task && fail(running, 'timeout'), task.timeoutMs);
      slot.deadline.unref();
      // The input is copied to the worker (a Buffer arrives there as a Uint8Array).
      slot.worker.send(task.request, (error) => error && running.busy === task && fail(running, 'crashed'));
      watch();
    }
  };

  return {
    run(tasks, name, input, runOptions = {}) {
      if (closed) return Promise.reject(new Error('The sandbox is closed'));
      return new Promise((resolve, reject) => {
        queue.push({
          request: { id: nextId++, module: tasks.url, task: name, input },
          timeoutMs: Math.min(runOptions.timeoutMs ?? settings.timeoutMs, settings.timeoutMs),
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
        // Held until it is gone, so the close resolves (its 'exit' comes after the kill).
        slot.worker.ref();
        end(slot);
        const exited = new Promise((resolve) => slot.worker.once('exit', resolve));
        if (slot.worker.exitCode === null && slot.worker.signalCode === null) await exited;
      });
      await Promise.all(ending);
    },
  };
}
