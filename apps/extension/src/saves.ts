import type { ExtensionSave } from '@easio/shared';
import { type EasioClient, EasioError } from './api';
import { toDeskText } from './notices';
import type { PageInfo } from './page-info';
import { type SaveQueue, TOO_LARGE } from './queue';

export type SaveKind = 'page' | 'selection' | 'note' | 'location';

/** Only web pages can be saved (not the browser's own pages, files or other extensions). */
export const isSavable = (url: string | undefined) => Boolean(url && /^https?:\/\//i.test(url));

const id = () => crypto.randomUUID();

/** The page itself, as a link with its title, description and icon. */
export function pageSave(info: PageInfo, parentId: string | null): ExtensionSave {
  return {
    kind: 'page',
    client_id: id(),
    parent_id: parentId,
    url: info.url,
    title: info.title || undefined,
    description: info.description || undefined,
    favicon_url: info.favicon || undefined,
  };
}

/** The selected text, kept with the page it came from. */
export function selectionSave(
  info: Pick<PageInfo, 'url' | 'title' | 'selection'>,
  parentId: string | null,
): ExtensionSave {
  return {
    kind: 'selection',
    client_id: id(),
    parent_id: parentId,
    url: info.url,
    title: info.title || undefined,
    text: info.selection,
  };
}

export function noteSave(text: string, parentId: string | null): ExtensionSave {
  return { kind: 'note', client_id: id(), parent_id: parentId, text };
}

export function locationSave(position: GeolocationPosition, parentId: string | null): ExtensionSave {
  return {
    kind: 'location',
    client_id: id(),
    parent_id: parentId,
    latitude: position.coords.latitude,
    longitude: position.coords.longitude,
    accuracy: Math.round(position.coords.accuracy),
  };
}

/** A few words saying what a save is, for messages and the offline list. */
export function labelOf(save: ExtensionSave): string {
  switch (save.kind) {
    case 'page':
      return save.title || save.url;
    case 'selection':
      return `“${save.text.slice(0, 60)}${save.text.length > 60 ? '…' : ''}”`;
    case 'note':
      return `Note “${save.text.slice(0, 40)}${save.text.length > 40 ? '…' : ''}”`;
    case 'location':
      return `Place at ${save.latitude.toFixed(4)}, ${save.longitude.toFixed(4)}`;
  }
}

export type SaveOutcome =
  | { state: 'saved'; name: string; toDesk: boolean }
  /** Easio could not be reached: kept here, sent later. */
  | { state: 'queued'; reason: string }
  /** The token was revoked: kept here, sent once the extension is signed in again. */
  | { state: 'signed-out'; reason: string };

/**
 * Sends the save; when Easio cannot be reached, or the token was revoked, it waits in the queue (sent on
 * the next try, once). A refusal (a token without the right, a save Easio cannot take) is thrown, said
 * in the server's words.
 */
export async function saveOrQueue(
  client: Pick<EasioClient, 'save'>,
  queue: Pick<SaveQueue, 'add'>,
  save: ExtensionSave,
): Promise<SaveOutcome> {
  try {
    const saved = await client.save(save);
    return { state: 'saved', name: saved.name, toDesk: saved.folder_missing === true };
  } catch (error) {
    if (!(error instanceof EasioError) || !(error.retryable || error.signedOut)) throw error;
    const { kept } = await queue.add(save, labelOf(save), error.message);
    if (!kept) throw new Error(TOO_LARGE);
    return { state: error.signedOut ? 'signed-out' : 'queued', reason: error.message };
  }
}

export const OFFLINE_KEPT =
  'You seem to be offline: it is kept here and sent to Easio as soon as it can be reached.';

/** What to say of a save that reached Easio. */
export const savedText = (outcome: { name: string; toDesk: boolean }) =>
  outcome.toDesk ? toDeskText(outcome.name) : `Saved to Easio: ${outcome.name}`;
