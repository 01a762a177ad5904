/** What a scan sees of a file: a partial file changes one or the other while it is written. */
export interface FileState {
  size: number;
  mtimeMs: number;
}

/**
 * Remembers each file's size and modification time across scans: a file is stable once both have
 * stayed the same for `stableMs`, counted from the first scan that saw them so.
 */
export class StabilityTracker {
  private readonly seen = new Map<string, FileState & { since: number }>();

  constructor(private readonly stableMs: number) {}

  /** Records what a scan saw at `now`; true when the file has not changed for `stableMs`. */
  observe(path: string, state: FileState, now: number): boolean {
    const before = this.seen.get(path);
    if (!before || before.size !== state.size || before.mtimeMs !== state.mtimeMs) {
      this.seen.set(path, { size: state.size, mtimeMs: state.mtimeMs, since: now });
      return false;
    }
    return now - before.since >= this.stableMs;
  }

  /** When the earliest file seen but not yet stable will be, if nothing changes; null when none waits. */
  nextStableAt(): number | null {
    let next: number | null = null;
    for (const { since } of this.seen.values()) {
      const at = since + this.stableMs;
      if (next === null || at < next) next = at;
    }
    return next;
  }

  /** Starts the wait again at the next scan (the file changed while it was read, or storing failed). */
  forget(path: string): void {
    this.seen.delete(path);
  }

  /** Drops the files a scan no longer found. */
  retainOnly(paths: Set<string>): void {
    for (const path of this.seen.keys()) if (!paths.has(path)) this.seen.delete(path);
  }
}
