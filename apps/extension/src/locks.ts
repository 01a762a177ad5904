/** Runs one task at a time per name. */
export interface Locks {
  run<T>(name: string, task: () => Promise<T>): Promise<T>;
}

/** Locks within this page or worker only (tests, and browsers without Web Locks). */
export function localLocks(): Locks {
  const tails = new Map<string, Promise<unknown>>();
  return {
    run<T>(name: string, task: () => Promise<T>): Promise<T> {
      const previous = tails.get(name) ?? Promise.resolve();
      const result = previous.then(task, task);
      const tail = result.catch(() => undefined);
      tails.set(name, tail);
      void tail.then(() => {
        if (tails.get(name) === tail) tails.delete(name);
      });
      return result;
    },
  };
}

/**
 * Locks shared by every page of the extension (the popup and the background share its origin, so Web
 * Locks serialise them across both); a page's lock is released when it closes.
 */
export function extensionLocks(): Locks {
  const web = typeof navigator === 'object' ? navigator.locks : undefined;
  if (!web) return localLocks();
  return { run: <T>(name: string, task: () => Promise<T>) => web.request(name, task) as Promise<T> };
}
