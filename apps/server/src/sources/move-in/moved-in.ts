import { createHash } from 'node:crypto';
import { type MoveInApp, NAME_MAX, TAG_MAX, TAGS_MAX, URL_MAX } from '@easio/shared';
import type { ImportedItem, SyncPage } from '../source.js';

/** Folders nested deeper than this are not an export any app makes: the file is refused. */
export const MAX_FOLDER_DEPTH = 100;
/** Links (and notes) one export may hold. */
export const MAX_EXPORT_ENTRIES = 100_000;

/** An export that is not what its app writes, or beyond what is taken: nothing of it is stored. */
export class MoveInError extends Error {}

/** A folder of the other app (a bookmarks folder, a collection, a list), at any depth. */
export interface MovedInFolder {
  /** Unique in the export and stable across exports of the same data (the app's id, else its path). */
  key: string;
  name: string;
  parent: string | null;
  /**
   * A container of the app itself rather than the user's (a browser's "Bookmarks bar"): its folders are
   * taken as top-level folders, and it is kept as a drawer only for the links directly in it.
   */
  dissolve?: boolean;
}

/** A link or a note of the other app. */
export interface MovedInEntry {
  key: string;
  /** Null for a note (text without an address). */
  url: string | null;
  title: string;
  /** The text the user wrote about it (a description, a note). */
  note: string | null;
  tags: string[];
  createdAt: Date | null;
  folder: string | null;
  /** Why it cannot be moved in (an uploaded file the export does not hold): listed as failed. */
  refusal?: string;
}

export interface MovedIn {
  folders: MovedInFolder[];
  entries: MovedInEntry[];
}

/** What an export becomes: drawers first, then binders, then the links that go in them. */
export interface MoveInPlan {
  drawers: ImportedItem[];
  binders: ImportedItem[];
  entries: ImportedItem[];
  failed: NonNullable<SyncPage['failed']>;
}

const hash = (value: unknown) =>
  createHash('sha256').update(JSON.stringify(value)).digest('base64url').slice(0, 22);

const clip = (text: string, max: number) => (text.length > max ? text.slice(0, max) : text);
/** The database keeps no NUL character in text. */
const noNul = (text: string) => text.replaceAll('\u0000', '');

function cleanName(name: string, fallback: string): string {
  const trimmed = noNul(name).replace(/\s+/g, ' ').trim();
  return clip(trimmed || fallback, NAME_MAX);
}

function cleanTags(tags: string[]): string[] {
  const kept = tags.map((t) => clip(noNul(t).replace(/\s+/g, ' ').trim(), TAG_MAX)).filter(Boolean);
  return [...new Set(kept)].slice(0, TAGS_MAX);
}

/** A date the desk can keep: a real one within years 1 to 9999, else none. */
function keepableDate(date: Date | null): Date | null {
  if (!date || Number.isNaN(date.getTime())) return null;
  const year = date.getUTCFullYear();
  return year >= 1 && year <= 9999 ? date : null;
}

/** Why an address cannot be a link on the desk, or null when it can. */
export function addressRefusal(url: string): string | null {
  if (url.length > URL_MAX) return 'The address is too long';
  try {
    const { protocol } = new URL(url);
    if (protocol === 'http:' || protocol === 'https:') return null;
    return `Not a web address (${protocol.slice(0, 20)} links cannot be opened from the desk)`;
  } catch {
    return 'Not a web address';
  }
}

/**
 * Where each folder goes on the desk, which holds drawers of binders: a top-level folder is a drawer, a
 * folder in it a binder, and a folder deeper down a binder of that drawer named by its path below the
 * drawer ("Recipes › Italian › Pasta"), so every folder keeps its links apart and nothing is lost.
 * Throws when folders nest deeper than `MAX_FOLDER_DEPTH` or loop.
 */
function placeFolders(folders: MovedInFolder[]) {
  const byKey = new Map(folders.map((f) => [f.key, f]));
  const dissolved = (f: MovedInFolder | undefined) => f?.dissolve === true && f.parent === null;
  /** The folder's path from the top, dissolved containers left out. */
  const pathOf = (folder: MovedInFolder): MovedInFolder[] => {
    const path: MovedInFolder[] = [];
    const seen = new Set<string>();
    for (let f: MovedInFolder | undefined = folder; f; f = f.parent ? byKey.get(f.parent) : undefined) {
      if (seen.has(f.key)) throw new MoveInError('The export’s folders contain themselves');
      seen.add(f.key);
      if (path.length > MAX_FOLDER_DEPTH) {
        throw new MoveInError(`Folders are nested deeper than ${MAX_FOLDER_DEPTH} levels`);
      }
      path.unshift(f);
    }
    return dissolved(path[0]) && path.length > 1 ? path.slice(1) : path;
  };
  const place = new Map<string, { kind: 'drawer' | 'binder'; name: string; drawer: string | null }>();
  for (const folder of folders) {
    const path = pathOf(folder);
    const [top, ...below] = path;
    if (!top) continue;
    if (below.length === 0) {
      place.set(folder.key, { kind: 'drawer', name: top.name, drawer: null });
    } else {
      place.set(folder.key, {
        kind: 'binder',
        name: below.map((f) => cleanName(f.name, 'Untitled folder')).join(' › '),
        drawer: top.key,
      });
    }
  }
  return place;
}

/**
 * An export as items for the sync framework, keyed under the app so that moving in the same export
 * again adds nothing, and a changed entry is updated where the user filed it. Entries whose address
 * cannot be a link are listed as failed; the rest go on.
 */
export function planMoveIn(app: MoveInApp, moved: MovedIn): MoveInPlan {
  if (moved.entries.length > MAX_EXPORT_ENTRIES) {
    throw new MoveInError(`The export holds more than ${MAX_EXPORT_ENTRIES.toLocaleString('en')} entries`);
  }
  const folderId = (key: string) => `${app}:folder:${key}`;
  const place = placeFolders(moved.folders);
  // A dissolved container is a drawer only when links sit directly in it.
  const used = new Set(moved.entries.flatMap((e) => (e.folder ? [e.folder] : [])));
  const plan: MoveInPlan = { drawers: [], binders: [], entries: [], failed: [] };
  for (const folder of moved.folders) {
    const at = place.get(folder.key);
    if (!at) continue;
    if (folder.dissolve && folder.parent === null && !used.has(folder.key)) continue;
    const name = at.kind === 'drawer' ? cleanName(at.name, 'Untitled folder') : clip(at.name, NAME_MAX);
    const item: ImportedItem = {
      externalId: folderId(folder.key),
      dataType: at.kind === 'drawer' ? 'drawer_object' : 'binder_object',
      name,
      metadata: { moved_in_from: app },
      version: hash([name, at.drawer]),
      ...(at.drawer && { placeIn: folderId(at.drawer) }),
    };
    (at.kind === 'drawer' ? plan.drawers : plan.binders).push(item);
  }
  const made = new Set([...plan.drawers, ...plan.binders].map((i) => i.externalId));

  for (const entry of moved.entries) {
    const externalId = `${app}:${entry.key}`;
    const url = entry.url?.trim() ?? null;
    const note = entry.note ? noNul(entry.note).trim() || null : null;
    const title = cleanName(entry.title, url ?? note?.slice(0, 80) ?? 'Untitled');
    if (entry.refusal) {
      plan.failed.push({ externalId, name: title, reason: entry.refusal });
      continue;
    }
    if (url !== null) {
      const refusal = addressRefusal(url);
      if (refusal) {
        plan.failed.push({ externalId, name: title, reason: refusal });
        continue;
      }
    } else if (!note) {
      plan.failed.push({ externalId, name: title, reason: 'Neither an address nor any text' });
      continue;
    }
    const folder = entry.folder ? folderId(entry.folder) : null;
    const createdAt = keepableDate(entry.createdAt);
    const tags = cleanTags(entry.tags);
    const dataType = url === null ? 'note_object' : note ? 'url_note_object' : 'url_object';
    plan.entries.push({
      externalId,
      dataType,
      name: title,
      url,
      content: note,
      metadata: { moved_in_from: app },
      sourceCreatedAt: createdAt,
      version: hash([dataType, title, url, note, tags, createdAt?.toISOString() ?? null, folder]),
      previewLink: url !== null,
      tags,
      ...(folder && made.has(folder) && { placeIn: folder }),
    });
  }
  return plan;
}
