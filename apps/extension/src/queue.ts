import type { ExtensionSave } from '@easio/shared';
import { EasioError } from './api';
import { type Locks, localLocks } from './locks';

/** Where the queue lives: the extension's local storage (a Map in tests). */
export interface KeyValue {
  get(key: string): Promise<unknown>;
  set(key: string, value: unknown): Promise<void>;
}

export interface QueuedSave {
  save: ExtensionSave;
  /** What it is, for the popup's list. */
  label: string;
  queuedAt: string;
  /** The last reason it could not be sent. */
  lastError: string | null;
}

/** A save that will never be sent, and why: told to the user (see notices.ts). */
export interface DroppedSave {
  label: string;
  reason: string;
}

export interface FlushResult {
  sent: number;
  /** Refused by the server for good (a token without the right, a save it cannot take): dropped. */
  dropped: DroppedSave[];
  /** Sent, but their drawer or binder was gone: they are on the desk instead. */
  toDesk: string[];
  left: number;
  signedOut: boolean;
  /** Why it stopped before the end (offline, a revoked token), in the server's words. */
  stoppedBy: string | null;
}

/** Whether the server's answer to a save says its drawer or binder was gone (it went to the desk). */
const wentToDesk = (answer: unknown) =>
  typeof answer === 'object' &&
  answer !== null &&
  'folder_missing' in answer &&
  answer.folder_missing === true;

const KEY = 'easio.queue';
/** Every change of the stored list, by any page of the extension, is made under this lock. */
const WRITE_LOCK = 'easio.queue.write';
/** One flush at a time (the popup's and the background's), so no save is sent twice at once. */
const FLUSH_LOCK = 'easio.queue.flush';

/** Saves kept at most while offline; the oldest go first when it is full. */
export const MAX_QUEUED = 500;
/**
 * Bytes the kept saves may take: under Chromium's storage.local quota (10 MB; 5 MB before Chrome 114),
 * leaving room for the rest of the extension's storage.
 */
export const MAX_QUEUE_BYTES = 3 * 1024 * 1024;
const FULL = 'The offline list was full: the oldest saves made room for newer ones';
export const TOO_LARGE = 'It is too large to keep while Easio cannot be reached: try again once online';
const NO_ROOM = 'The browser has no room left to keep this save while Easio cannot be reached';

const encoder = new TextEncoder();
const sizeOf = (entry: QueuedSave) => encoder.encode(JSON.stringify(entry)).length;

export interface SaveQueueOptions {
  locks?: Locks;
  /** Told of every save dropped for good (a full list, or refused by the server when sent). */
  onDropped?: (dropped: DroppedSave[]) => Promise<void> | void;
}

/**
 * Saves made offline (or while Easio was unreachable), kept in order and sent later. Each save carries
 * its own id, so one that reached the server before the answer was lost is stored once. Every change
 * re-reads the stored list under a lock, so a save added while a flush runs is never overwritten.
 */
export function createSaveQueue(store: KeyValue, options: SaveQueueOptions = {}) {
  const locks = options.locks ?? localLocks();
  const read = async (): Promise<QueuedSave[]> => {
    const value = await store.get(KEY);
    return Array.isArray(value) ? (value as QueuedSave[]) : [];
  };
  const change = (edit: (queue: QueuedSave[]) => QueuedSave[]) =>
    locks.run(WRITE_LOCK, async () => store.set(KEY, edit(await read())));
  const remove = (clientId: string) => change((queue) => queue.filter((q) => q.save.client_id !== clientId));
  const report = async (dropped: DroppedSave[]) => {
    if (dropped.length > 0) await options.onDropped?.(dropped);
  };

  return {
    list: read,

    /** Keeps a save to send later; answers whether it was kept, and what made room for it. */
    async add(save: ExtensionSave, label: string, error: string): Promise<{ kept: boolean }> {
      const entry: QueuedSave = { save, label, queuedAt: new Date().toISOString(), lastError: error };
      const dropped: DroppedSave[] = [];
      let kept = false;
      await locks.run(WRITE_LOCK, async () => {
        const queue = [...(await read()), entry];
        const sizes = queue.map(sizeOf);
        let bytes = sizes.reduce((sum, size) => sum + size, 0);
        while (queue.length > MAX_QUEUED || (bytes > MAX_QUEUE_BYTES && queue.length > 0)) {
          const oldest = queue.shift() as QueuedSave;
          bytes -= sizes.shift() ?? 0;
          if (oldest !== entry) dropped.push({ label: oldest.label, reason: FULL });
        }
        kept = queue.includes(entry);
        try {
          await store.set(KEY, queue);
        } catch {
          throw new Error(NO_ROOM);
        }
      });
      await report(dropped);
      return { kept };
    },

    /** Sends what waits, oldest first; stops at the first that cannot be sent yet. */
    flush(send: (save: ExtensionSave) => Promise<unknown>): Promise<FlushResult> {
      return locks.run(FLUSH_LOCK, async () => {
        const result: FlushResult = {
          sent: 0,
          dropped: [],
          toDesk: [],
          left: 0,
          signedOut: false,
          stoppedBy: null,
        };
        const tried = new Set<string>();
        for (;;) {
          const [next] = await read();
          if (!next || tried.has(next.save.client_id)) break;
          tried.add(next.save.client_id);
          try {
            const answer = await send(next.save);
            result.sent += 1;
            if (wentToDesk(answer)) result.toDesk.push(next.label);
            await remove(next.save.client_id);
          } catch (error) {
            if (!(error instanceof EasioError)) throw error;
            if (error.retryable || error.signedOut) {
              const id = next.save.client_id;
              await change((queue) =>
                queue.map((q) => (q.save.client_id === id ? { ...q, lastError: error.message } : q)),
              );
              result.signedOut = error.signedOut;
              result.stoppedBy = error.message;
              break;
            }
            result.dropped.push({ label: next.label, reason: error.message });
            await remove(next.save.client_id);
          }
        }
        result.left = (await read()).length;
        await report(result.dropped);
        return result;
      });
    },
  };
}

export type SaveQueue = ReturnType<typeof createSaveQueue>;
