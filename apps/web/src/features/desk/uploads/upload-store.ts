import type { DeskObject, UploadResult } from '@easio/shared';

/** Uploads at once; the rest wait their turn. */
export const UPLOAD_CONCURRENCY = 3;

export type UploadState = 'queued' | 'uploading' | 'done' | 'duplicate' | 'failed' | 'canceled';

export interface DuplicateChoice {
  name: string;
  existing: DeskObject;
  resolution: 'pending' | 'linking' | 'linked' | 'skipped' | 'failed';
  error: string | null;
}

export interface UploadTask {
  id: string;
  name: string;
  size: number;
  parentId: string;
  loaded: number;
  state: UploadState;
  error: string | null;
  duplicates: DuplicateChoice[];
}

export interface UploadDeps {
  upload: (call: {
    file: File;
    parentId: string;
    signal: AbortSignal;
    onProgress: (loaded: number, total: number) => void;
  }) => Promise<UploadResult>;
  link: (input: { object_id: string; parent_id: string; name: string }) => Promise<DeskObject>;
  /** Something landed on the desk (a file, a link): listings should refresh. */
  onLanded: () => void;
  /** Every queued upload has finished: how many files arrived and how many did not. */
  onBatchDone: (done: number, failed: number) => void;
  describeError: (error: unknown) => string;
}

export interface UploadSnapshot {
  tasks: readonly UploadTask[];
  /** 0 to 1 over every upload that is not cancelled. */
  progress: number;
  active: number;
}

const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';
const finished = (state: UploadState) => state === 'done' || state === 'failed' || state === 'canceled';

/**
 * The upload queue: one request per file, at most three at a time, each with its progress and its
 * cancel; refused duplicates wait for the user's choice (keep as a link, or skip).
 */
export function createUploadStore(deps: UploadDeps) {
  let tasks: UploadTask[] = [];
  let snapshot: UploadSnapshot = { tasks, progress: 0, active: 0 };
  const files = new Map<string, File>();
  const controllers = new Map<string, AbortController>();
  const listeners = new Set<() => void>();
  const batch = { done: 0, failed: 0 };
  let counter = 0;

  function publish() {
    let sent = 0;
    let total = 0;
    let active = 0;
    for (const task of tasks) {
      if (task.state === 'canceled') continue;
      total += task.size;
      sent +=
        task.state === 'queued'
          ? 0
          : finished(task.state) || task.state === 'duplicate'
            ? task.size
            : task.loaded;
      if (task.state === 'queued' || task.state === 'uploading') active += 1;
    }
    snapshot = { tasks, progress: total === 0 ? (active === 0 ? 1 : 0) : sent / total, active };
    for (const listener of listeners) listener();
  }

  function update(id: string, change: (task: UploadTask) => UploadTask) {
    tasks = tasks.map((task) => (task.id === id ? change(task) : task));
  }

  function settle(id: string, state: UploadState, error: string | null = null) {
    update(id, (task) => ({ ...task, state, error }));
    files.delete(id);
    controllers.delete(id);
    if (state === 'done') batch.done += 1;
    if (state === 'failed') batch.failed += 1;
  }

  function pump() {
    let running = tasks.filter((t) => t.state === 'uploading').length;
    for (const task of tasks) {
      if (running >= UPLOAD_CONCURRENCY) break;
      if (task.state !== 'queued') continue;
      running += 1;
      start(task);
    }
    publish();
    if (running === 0 && (batch.done > 0 || batch.failed > 0)) {
      deps.onBatchDone(batch.done, batch.failed);
      batch.done = 0;
      batch.failed = 0;
    }
  }

  function start(task: UploadTask) {
    const file = files.get(task.id);
    if (!file) return;
    const controller = new AbortController();
    controllers.set(task.id, controller);
    update(task.id, (t) => ({ ...t, state: 'uploading' }));
    deps
      .upload({
        file,
        parentId: task.parentId,
        signal: controller.signal,
        onProgress: (loaded) => {
          update(task.id, (t) => (t.state === 'uploading' ? { ...t, loaded: Math.min(loaded, t.size) } : t));
          publish();
        },
      })
      .then(
        (result) => {
          if (result.duplicates.length > 0) {
            update(task.id, (t) => ({
              ...t,
              duplicates: result.duplicates.map((d) => ({
                ...d,
                resolution: 'pending',
                error: null,
              })),
            }));
            settle(task.id, 'duplicate');
          } else {
            settle(task.id, 'done');
          }
          if (result.items.length > 0) deps.onLanded();
        },
        (error: unknown) => {
          if (isAbort(error)) settle(task.id, 'canceled');
          else settle(task.id, 'failed', deps.describeError(error));
        },
      )
      .finally(pump);
  }

  return {
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    getSnapshot: () => snapshot,

    add(list: readonly File[], parentId: string) {
      for (const file of list) {
        counter += 1;
        const id = `upload-${counter}`;
        files.set(id, file);
        tasks = [
          ...tasks,
          {
            id,
            name: file.name,
            size: file.size,
            parentId,
            loaded: 0,
            state: 'queued',
            error: null,
            duplicates: [],
          },
        ];
      }
      pump();
    },

    cancel(id: string) {
      const task = tasks.find((t) => t.id === id);
      if (!task) return;
      if (task.state === 'uploading') controllers.get(id)?.abort();
      else if (task.state === 'queued') {
        settle(id, 'canceled');
        pump();
      }
    },

    cancelAll() {
      for (const task of tasks) if (task.state === 'queued') settle(task.id, 'canceled');
      for (const controller of controllers.values()) controller.abort();
      pump();
    },

    /** Forgets the finished uploads (and duplicates the user has answered). */
    clearFinished() {
      tasks = tasks.filter(
        (t) =>
          !(
            finished(t.state) ||
            (t.state === 'duplicate' && t.duplicates.every((d) => d.resolution !== 'pending'))
          ),
      );
      publish();
    },

    /** 'Keep as a link' or 'Skip' for one refused duplicate. */
    resolveDuplicate(taskId: string, index: number, choice: 'link' | 'skip') {
      const task = tasks.find((t) => t.id === taskId);
      const duplicate = task?.duplicates[index];
      if (!task || !duplicate || (duplicate.resolution !== 'pending' && duplicate.resolution !== 'failed'))
        return;
      const mark = (resolution: DuplicateChoice['resolution'], error: string | null = null) => {
        update(taskId, (t) => ({
          ...t,
          duplicates: t.duplicates.map((d, i) => (i === index ? { ...d, resolution, error } : d)),
        }));
        publish();
      };
      if (choice === 'skip') {
        mark('skipped');
        return;
      }
      mark('linking');
      deps.link({ object_id: duplicate.existing.id, parent_id: task.parentId, name: duplicate.name }).then(
        () => {
          mark('linked');
          deps.onLanded();
        },
        (error: unknown) => mark('failed', deps.describeError(error)),
      );
    },
  };
}

export type UploadStore = ReturnType<typeof createUploadStore>;
