import type { ImportedItem, SyncPage } from '../source.js';

/** One step of an import: a batch stored in one go (its items, the entries it lists as failed), then `after`. */
export interface ImportStep {
  items: ImportedItem[];
  failed?: NonNullable<SyncPage['failed']>;
  /** Work once the batch is stored (a restore's binder states). */
  after?: () => Promise<void>;
}

/** An upload read again for storing: its steps, in order, and what to close when done. */
export interface OpenedImport {
  /**
   * The same upload always gives the same number of steps, in the same order, so a stopped import goes
   * on from the step it had reached; each step is idempotent (items are keyed), so one stored twice (cut
   * off between storing it and recording it) adds nothing.
   */
  steps: ImportStep[];
  close(): void;
}

/** What one kind of upload (a bookmarks file, a Paperless-ngx ZIP, an Easio export) is to the import runner. */
export interface ImportKind {
  /**
   * Checks the uploaded file whole before anything is stored or queued: throws the refusal (the caller
   * answers it 4xx) or answers what it holds (`folders`, `links`; `items`, `files`).
   */
  check(file: string): Promise<Record<string, number>>;
  /** Reads the kept upload again, for the owner's desk, as the steps to store. */
  open(file: string, ownerId: string): Promise<OpenedImport>;
}

/** Entries per step: small enough that one step's SQL keeps the database for a few tens of milliseconds. */
export const ITEMS_PER_STEP = 50;
/** Files per step: each file's bytes are streamed into storage before the step's rows are written. */
export const FILES_PER_STEP = 25;

/** A list cut into steps of at most `ITEMS_PER_STEP` items, of which at most `FILES_PER_STEP` files. */
export function stepsOf(items: ImportedItem[]): ImportStep[] {
  const steps: ImportStep[] = [];
  let step: ImportedItem[] = [];
  let files = 0;
  for (const item of items) {
    step.push(item);
    if (item.body) files += 1;
    if (step.length >= ITEMS_PER_STEP || files >= FILES_PER_STEP) {
      steps.push({ items: step });
      step = [];
      files = 0;
    }
  }
  if (step.length > 0) steps.push({ items: step });
  return steps;
}

/** Entries listed as failed per step (each one is a row written). */
const FAILED_PER_STEP = 100;

/** What could not be taken, listed in steps. */
export function failedSteps(failed: NonNullable<SyncPage['failed']>): ImportStep[] {
  const steps: ImportStep[] = [];
  for (let i = 0; i < failed.length; i += FAILED_PER_STEP) {
    steps.push({ items: [], failed: failed.slice(i, i + FAILED_PER_STEP) });
  }
  return steps;
}
