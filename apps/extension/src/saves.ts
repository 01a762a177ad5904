import type { ExtensionSave } from '@easio/shared';
import { type EasioClient, EasioError } from './api';
import type { PageInfo } from './page-info';
import type { SaveQueue } from './queue';

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

export type SaveOutcome = { state: 'saved'; name: string } | { state: 'queued'; reason: string };

/**
 * Sends the save; when Easio cannot be reached it waits in the queue (sent on the next try, once).
 * A refusal (a token without the right, a deleted binder) is thrown, said in the server's words.
 */
export async function saveOrQueue(
  client: EasioClient,
  queue: SaveQueue,
  save: ExtensionSave,
): Promise<SaveOutcome> {
  try {
    const saved = await client.save(save);
    return { state: 'saved', name: saved.name };
  } catch (error) {
    if (error instanceof EasioError && error.retryable) {
      await queue.add(save, labelOf(save), error.message);
      return { state: 'queued', reason: error.message };
    }
    throw error;
  }
}
