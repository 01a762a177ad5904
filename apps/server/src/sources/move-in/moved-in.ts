import { createHash } from 'node:crypto';
import { type MoveInApp, NAME_MAX, NOTE_MAX } from '@easio/shared';
import { addressRefusal } from '../../intake/addresses.js';
import { intakeKey } from '../../intake/keys.js';
import { intakeName } from '../../intake/names.js';
import { intakeTags } from '../../intake/tags.js';
import { cutText, intakeText } from '../../intake/text.js';
import type { ImportedItem, SyncPage } from '../source.js';

/** Folders nested deeper than this are not an export any app makes: the file is refused. */
export const MAX_FOLDER_DEPTH = 100;
/** Entries one export may hold: links, notes and documents, and the folders they are in. */
export const MAX_EXPORT_ENTRIES = 100_000;
/**
 * Folders one export may hold. A person's bookmarks or collections run to hundreds, a few thousand at
 * the most; tens of thousands are no one's filing (a desk of them cannot be browsed) and would cost the
 * server minutes of work for nothing, so such a file is refused at once.
 */
export const MAX_EXPORT_FOLDERS = 10_000;

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

/** A title as a name: its spaces run together (titles of HTML carry line breaks), held to the intake rule. */
const cleanName = (name: string, fallback: string) =>
  intakeName(name.slice(0, NAME_MAX * 4).replace(/\s+/g, ' '), fallback);

/** A date the desk can keep: a real one within years 1 to 9999, else none. */
function keepableDate(date: Date | null): Date | null {
  if (!date || Number.isNaN(date.getTime())) return null;
  const year = date.getUTCFullYear();
  return year >= 1 && year <= 9999 ? date : null;
}

/** Where one folder goes: a drawer, or a binder of a drawer named by its path below that drawer. */
interface Place {
  kind: 'drawer' | 'binder';
  name: string;
  drawer: string | null;
}

/** What is known of a folder once its ancestors are: how deep it is and its path's names, clipped. */
interface Walked {
  depth: number;
  /** The top folder's key, and the next one down's (null for a top folder). */
  top: string;
  second: string | null;
  /** The names below the top folder, and below the second, joined by " › " (clipped to a name's length). */
  belowTop: string;
  belowSecond: string;
}

/**
 * Where each folder goes on the desk, which holds drawers of binders: a top-level folder is a drawer, a
 * folder in it a binder, and a folder deeper down a binder of that drawer named by its path below the
 * drawer ("Recipes › Italian › Pasta"), so every folder keeps its links apart and nothing is lost.
 * Linear in the number of folders: each is walked once, from what its parent became (no recursion, no
 * path rebuilt per folder). Throws when folders nest deeper than `MAX_FOLDER_DEPTH` or loop.
 */
function placeFolders(folders: MovedInFolder[]): Map<string, Place> {
  const byKey = new Map<string, MovedInFolder>();
  for (const f of folders) byKey.set(f.key, f);
  const walked = new Map<string, Walked>();
  const join = (above: string, name: string) =>
    cutText(
      above ? `${above} › ${cleanName(name, 'Untitled folder')}` : cleanName(name, 'Untitled folder'),
      NAME_MAX,
    );

  const walk = (folder: MovedInFolder): Walked => {
    // The folders above it not walked yet, nearest first; each is walked once, top down.
    const chain: MovedInFolder[] = [];
    const onChain = new Set<string>();
    let above: Walked | undefined;
    for (let f: MovedInFolder | undefined = folder; f; f = f.parent ? byKey.get(f.parent) : undefined) {
      above = walked.get(f.key);
      if (above) break;
      if (onChain.has(f.key)) throw new MoveInError('The export’s folders contain themselves');
      onChain.add(f.key);
      chain.push(f);
      if (chain.length > MAX_FOLDER_DEPTH) {
        throw new MoveInError(`Folders are nested deeper than ${MAX_FOLDER_DEPTH} levels`);
      }
    }
    for (let i = chain.length - 1; i >= 0; i--) {
      const f = chain[i] as MovedInFolder;
      const w: Walked = above
        ? {
            depth: above.depth + 1,
            top: above.top,
            second: above.second ?? f.key,
            belowTop: join(above.belowTop, f.name),
            belowSecond: above.second === null ? '' : join(above.belowSecond, f.name),
          }
        : { depth: 1, top: f.key, second: null, belowTop: '', belowSecond: '' };
      if (w.depth > MAX_FOLDER_DEPTH) {
        throw new MoveInError(`Folders are nested deeper than ${MAX_FOLDER_DEPTH} levels`);
      }
      walked.set(f.key, w);
      above = w;
    }
    return above as Walked;
  };

  const place = new Map<string, Place>();
  for (const folder of folders) {
    const w = walk(folder);
    const top = byKey.get(w.top);
    // A dissolved container's folders are top-level folders themselves.
    const dissolved = top?.dissolve === true && top.parent === null && w.second !== null;
    const drawer = dissolved ? w.second : w.top;
    const below = dissolved ? w.belowSecond : w.belowTop;
    if (drawer === folder.key) {
      place.set(folder.key, { kind: 'drawer', name: folder.name, drawer: null });
    } else place.set(folder.key, { kind: 'binder', name: below, drawer });
  }
  return place;
}

/**
 * An export as items for the sync framework, keyed under the app so that moving in the same export
 * again adds nothing, and a changed entry is updated where the user filed it. Entries whose address
 * cannot be a link are listed as failed; the rest go on.
 */
export async function planMoveIn(
  app: MoveInApp,
  moved: MovedIn,
  pace: () => Promise<void> = async () => {},
): Promise<MoveInPlan> {
  if (moved.folders.length > MAX_EXPORT_FOLDERS) {
    throw new MoveInError(
      `The export holds more than ${MAX_EXPORT_FOLDERS.toLocaleString('en')} folders: no one files that way, so it is not taken`,
    );
  }
  if (moved.entries.length + moved.folders.length > MAX_EXPORT_ENTRIES) {
    throw new MoveInError(
      `The export holds more than ${MAX_EXPORT_ENTRIES.toLocaleString('en')} entries (links and folders together)`,
    );
  }
  const folderId = (key: string) => intakeKey(`${app}:folder:${key}`);
  const place = placeFolders(moved.folders);
  // A dissolved container is a drawer only when links sit directly in it.
  const used = new Set(moved.entries.flatMap((e) => (e.folder ? [e.folder] : [])));
  const plan: MoveInPlan = { drawers: [], binders: [], entries: [], failed: [] };
  for (const folder of moved.folders) {
    const at = place.get(folder.key);
    if (!at) continue;
    if (folder.dissolve && folder.parent === null && !used.has(folder.key)) continue;
    const name = at.kind === 'drawer' ? cleanName(at.name, 'Untitled folder') : cutText(at.name, NAME_MAX);
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
  const made = new Set<string>();
  for (const i of plan.drawers) made.add(i.externalId);
  for (const i of plan.binders) made.add(i.externalId);

  for (const entry of moved.entries) {
    await pace();
    const externalId = intakeKey(`${app}:${entry.key}`);
    const url = entry.url?.trim() ?? null;
    const note = intakeText(entry.note, NOTE_MAX)?.trim() || null;
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
    const tags = intakeTags(entry.tags);
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
