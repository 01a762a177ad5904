import type { DeskObject } from '@easio/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { isApiError } from '../../../api/api-error';
import { deskKeys } from '../../../api/desk-keys';
import { errorMessage } from '../../../api/error-message';
import { displayName } from '../../../lib/object-info';
import { toastError } from '../../../lib/toast';
import { fetchObject, updateObject } from '../api';
import { replaceInListings } from '../queries';
import { unsavedDrafts } from './note-drafts';
import { type NoteCopy, onServerCopy } from './note-sync';

/** How long typing pauses before the text is saved. */
export const AUTOSAVE_MS = 800;
/** How long the message of a note closed unsaved stays. */
const UNSAVED_TOAST_MS = 12_000;

export type SaveStatus =
  | { kind: 'saved' }
  /** Typed and waiting for a pause, or on its way. */
  | { kind: 'saving' }
  | { kind: 'failed'; reason: string }
  | { kind: 'conflict'; theirs: NoteCopy };

const copyOf = (object: DeskObject): NoteCopy => ({ version: object.version, text: object.content ?? '' });

/**
 * A note's text as typed here, saved after each pause in typing and when the note is closed. Each save
 * names the version it started from; when the server has a newer one whose text differs from the one
 * edited here, nothing is overwritten: the status says so until the user reloads theirs or keeps
 * theirs over it. Text that could not be saved when the note closes is kept for when it opens again.
 */
export function useNoteAutosave(object: DeskObject) {
  const client = useQueryClient();
  const { id } = object;
  const [initial] = useState(() => {
    const kept = unsavedDrafts.get(id);
    return kept ?? { text: object.content ?? '', base: copyOf(object) };
  });
  const [draft, setDraftState] = useState(initial.text);
  const [status, setStatus] = useState<SaveStatus>({ kind: 'saved' });
  const base = useRef(initial.base);
  const typed = useRef(initial.text);
  const shown = useRef<SaveStatus>(status);
  const flight = useRef<Promise<void> | null>(null);
  const timer = useRef<number | undefined>(undefined);
  const name = useRef(displayName(object));
  name.current = displayName(object);

  const show = useCallback((next: SaveStatus) => {
    shown.current = next;
    setStatus(next);
  }, []);
  const setTyped = useCallback((text: string) => {
    typed.current = text;
    setDraftState(text);
  }, []);

  /** Takes in what the server holds; answers whether the edit can go on from it. */
  const see = useCallback(
    (copy: NoteCopy): 'same' | 'adopt' | 'stop' => {
      const seen = onServerCopy(base.current, typed.current, copy);
      switch (seen.kind) {
        case 'same':
          return 'same';
        case 'adopt':
          base.current = seen.base;
          return 'adopt';
        case 'take':
          base.current = seen.base;
          setTyped(seen.base.text);
          show({ kind: 'saved' });
          return 'stop';
        case 'conflict':
          show({ kind: 'conflict', theirs: seen.theirs });
          return 'stop';
      }
    },
    [setTyped, show],
  );

  const send = useCallback(
    async (retries = 1): Promise<void> => {
      const text = typed.current;
      if (text === base.current.text) {
        unsavedDrafts.drop(id);
        if (shown.current.kind !== 'conflict') show({ kind: 'saved' });
        return;
      }
      show({ kind: 'saving' });
      try {
        const saved = await updateObject(id, { content: text, version: base.current.version });
        base.current = copyOf(saved);
        replaceInListings(client, saved);
        void client.invalidateQueries({ queryKey: deskKeys.search });
      } catch (error) {
        if (!isApiError(error, 409)) {
          show({ kind: 'failed', reason: errorMessage(error) });
          return;
        }
        const now = await fetchObject(id).catch(() => null);
        if (!now) {
          show({ kind: 'failed', reason: errorMessage(error) });
          return;
        }
        // Only what this text started from moved on (a rename, tags): sent again on top of it.
        if (see(copyOf(now)) === 'adopt' && retries > 0) return send(retries - 1);
        return;
      }
      if (typed.current === base.current.text) {
        unsavedDrafts.drop(id);
        show({ kind: 'saved' });
      }
    },
    [client, id, see, show],
  );

  /** Saves now (one save at a time; typing during one is saved right after it). */
  const save = useCallback(async (): Promise<void> => {
    window.clearTimeout(timer.current);
    while (flight.current) await flight.current;
    if (shown.current.kind === 'conflict') return;
    const sending = send().finally(() => {
      flight.current = null;
    });
    flight.current = sending;
    await sending;
    if (typed.current !== base.current.text && shown.current.kind === 'saving') await save();
  }, [send]);

  const setDraft = useCallback(
    (text: string) => {
      setTyped(text);
      if (shown.current.kind !== 'conflict') show({ kind: 'saving' });
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(() => void save(), AUTOSAVE_MS);
    },
    [save, setTyped, show],
  );

  /** Replaces the other change with the text typed here. */
  const keepMine = useCallback(() => {
    const { current } = shown;
    if (current.kind !== 'conflict') return;
    base.current = current.theirs;
    show({ kind: 'saving' });
    void save();
  }, [save, show]);

  /** Drops the text typed here for the other change. */
  const reloadTheirs = useCallback(() => {
    const { current } = shown;
    if (current.kind !== 'conflict') return;
    base.current = current.theirs;
    setTyped(current.theirs.text);
    unsavedDrafts.drop(id);
    show({ kind: 'saved' });
  }, [id, setTyped, show]);

  // The server's copy as the viewer sees it (opened again, refetched on focus, renamed here).
  const { version, content } = object;
  useEffect(() => {
    if (see({ version, text: content ?? '' }) === 'adopt' && typed.current !== base.current.text) {
      void save();
    }
  }, [version, content, see, save]);

  // Leaving the page with text unsaved asks first.
  useEffect(() => {
    const onLeave = (event: BeforeUnloadEvent) => {
      if (typed.current !== base.current.text) event.preventDefault();
    };
    window.addEventListener('beforeunload', onLeave);
    return () => window.removeEventListener('beforeunload', onLeave);
  }, []);

  // Closing the note saves what was typed; what cannot be saved is kept for when it opens again.
  useEffect(
    () => () => {
      const close = async () => {
        if (typed.current === base.current.text) return;
        unsavedDrafts.keep(id, { text: typed.current, base: base.current });
        await save();
        if (typed.current === base.current.text) return;
        unsavedDrafts.keep(id, { text: typed.current, base: base.current });
        const why =
          shown.current.kind === 'conflict'
            ? 'it was changed elsewhere meanwhile'
            : shown.current.kind === 'failed'
              ? shown.current.reason
              : 'it could not be saved';
        toastError(`Not saved: ${name.current} (${why}). Open it again to keep your text.`, UNSAVED_TOAST_MS);
      };
      void close();
    },
    [id, save],
  );

  return { draft, setDraft, status, retry: save, keepMine, reloadTheirs };
}
