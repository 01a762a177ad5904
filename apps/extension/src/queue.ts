import type { ExtensionSave } from '@easio/shared';
import { EasioError } from './api';

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

export interface FlushResult {
  sent: number;
  /** Refused by the server for good (a deleted binder…): dropped, with the reason. */
  dropped: { label: string; reason: string }[];
  left: number;
  signedOut: boolean;
}

const KEY = 'easio.queue';
/** Saves kept at most while offline; the oldest go first when it is full. */
export const MAX_QUEUED = 500;

/**
 * Saves made offline (or while Easio was unreachable), kept in order and sent later. Each save carries
 * its own id, so one that reached the server before the answer was lost is stored once.
 */
export function createSaveQueue(store: KeyValue) {
  const read = async (): Promise<QueuedSave[]> => {
    const value = await store.get(KEY);
    return Array.isArray(value) ? (value as QueuedSave[]) : [];
  };
  return {
    list: read,
    async add(save: ExtensionSave, label: string, error: string) {
      const queue = await read();
      queue.push({ save, label, queuedAt: new Date().toISOString(), lastError: error });
      await store.set(KEY, queue.slice(-MAX_QUEUED));
    },
    /** Sends what waits, oldest first; stops at the first that cannot be sent yet. */
    async flush(send: (save: ExtensionSave) => Promise<unknown>): Promise<FlushResult> {
      const queue = await read();
      const result: FlushResult = { sent: 0, dropped: [], left: 0, signedOut: false };
      while (queue.length > 0) {
        const next = queue[0] as QueuedSave;
        try {
          await send(next.save);
          result.sent += 1;
          queue.shift();
        } catch (error) {
          if (!(error instanceof EasioError)) throw error;
          if (error.retryable || error.signedOut) {
            next.lastError = error.message;
            result.signedOut = error.signedOut;
            break;
          }
          result.dropped.push({ label: next.label, reason: error.message });
          queue.shift();
        }
        await store.set(KEY, queue);
      }
      await store.set(KEY, queue);
      result.left = queue.length;
      return result;
    },
  };
}

export type SaveQueue = ReturnType<typeof createSaveQueue>;
