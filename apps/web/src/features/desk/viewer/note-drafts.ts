import type { NoteCopy } from './note-sync';

/** Text typed in a note that the server has not taken yet, and the copy it started from. */
export interface UnsavedDraft {
  text: string;
  base: NoteCopy;
}

/**
 * Drafts of notes closed before their text was saved (a conflict, no connection): kept for this page's
 * life, so opening the note again brings the text back instead of losing it. Never stored on the device.
 */
const drafts = new Map<string, UnsavedDraft>();

export const unsavedDrafts = {
  get: (id: string): UnsavedDraft | undefined => drafts.get(id),
  keep: (id: string, draft: UnsavedDraft) => {
    drafts.set(id, draft);
  },
  drop: (id: string) => {
    drafts.delete(id);
  },
};
