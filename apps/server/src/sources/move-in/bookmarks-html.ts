import { createHash } from 'node:crypto';
import { Parser } from 'htmlparser2';
import {
  MAX_FOLDER_DEPTH,
  type MovedIn,
  type MovedInEntry,
  type MovedInFolder,
  MoveInError,
} from './moved-in.js';

/** The folders browsers keep themselves: their folders are the user's top-level ones. */
const BROWSER_ROOTS = new Set([
  'bookmarks bar',
  'bookmarks toolbar',
  'bookmarks menu',
  'favorites bar',
  'favourites bar',
  'favorites',
  'favourites',
  'other bookmarks',
  'other favorites',
  'other favourites',
  'mobile bookmarks',
]);

/** Characters handed to the parser at once. */
const PARSE_SLICE = 64 * 1024;

const keyOf = (parts: unknown[]) =>
  createHash('sha256').update(JSON.stringify(parts)).digest('base64url').slice(0, 22);

/** ADD_DATE is seconds since 1970 (some tools write microseconds or milliseconds). */
function dateOf(value: string | undefined): Date | null {
  if (!value || !/^\d{1,20}$/.test(value.trim())) return null;
  let n = Number(value.trim());
  if (n > 1e14) n /= 1e6;
  else if (n > 1e11) n /= 1e3;
  const date = new Date(n * 1000);
  return n > 0 && !Number.isNaN(date.getTime()) ? date : null;
}

const tagsOf = (value: string | undefined) =>
  (value ?? '')
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean);

/**
 * A Netscape bookmark file (what Chrome, Firefox, Safari, Edge and most tools export, and Pocket's
 * list of links): folders (`<H3>` followed by their `<DL>`) with their links (`<A HREF ADD_DATE TAGS>`)
 * and descriptions (`<DD>`). A folder's key is its path of names, a link's its address in that folder,
 * so exporting again gives the same keys. Rejects with a MoveInError for a file that is no bookmark file.
 */
export async function parseBookmarksHtml(
  html: string,
  pace: () => Promise<void> = async () => {},
): Promise<MovedIn> {
  const netscape = /^\uFEFF?\s*<!DOCTYPE\s+NETSCAPE-Bookmark-file-1\s*>/i.test(html.slice(0, 200));
  const folders: MovedInFolder[] = [];
  const entries: MovedInEntry[] = [];
  /** The folders whose `<DL>` is open; null for a list that is no folder's (the file's own). */
  const open: (MovedInFolder | null)[] = [];
  const paths = new Map<string, string[]>();
  let heading: { attrs: Record<string, string>; text: string } | null = null;
  let pendingFolder: MovedInFolder | null = null;
  let link: { attrs: Record<string, string>; text: string } | null = null;
  let description: { of: MovedInEntry; text: string } | null = null;
  const seen = new Map<string, number>();
  /** The link a `<DD>` right after it describes (none after a folder's heading). */
  let lastLink: MovedInEntry | null = null;

  const current = (): MovedInFolder | null => {
    for (let i = open.length - 1; i >= 0; i--) {
      const f = open[i];
      if (f) return f;
    }
    return null;
  };
  const endDescription = () => {
    if (description) description.of.note = description.text.replace(/\s+/g, ' ').trim() || null;
    description = null;
  };

  const parser = new Parser(
    {
      onopentag(name, attrs) {
        endDescription();
        if (name === 'h3') heading = { attrs, text: '' };
        else if (name === 'a' && attrs.href !== undefined) link = { attrs, text: '' };
        else if (name === 'dl') {
          if (open.length >= MAX_FOLDER_DEPTH) {
            throw new MoveInError(`Folders are nested deeper than ${MAX_FOLDER_DEPTH} levels`);
          }
          lastLink = null;
          open.push(pendingFolder);
          pendingFolder = null;
        } else if (name === 'dd') {
          if (lastLink && !lastLink.note) description = { of: lastLink, text: '' };
          lastLink = null;
        }
      },
      ontext(text) {
        if (heading) heading.text += text;
        else if (link) link.text += text;
        else if (description) description.text += text;
      },
      onclosetag(name) {
        if (name === 'h3' && heading) {
          const parent = current();
          const folderName = heading.text.replace(/\s+/g, ' ').trim();
          const path = [...(parent ? (paths.get(parent.key) ?? []) : []), folderName];
          const top = parent === null;
          const key = keyOf(['folder', ...path]);
          const folder: MovedInFolder = {
            key: paths.has(key) ? keyOf(['folder', ...path, folders.length]) : key,
            name: folderName,
            parent: parent?.key ?? null,
            dissolve:
              top &&
              (heading.attrs.personal_toolbar_folder === 'true' ||
                heading.attrs.unfiled_bookmarks_folder === 'true' ||
                BROWSER_ROOTS.has(folderName.toLowerCase())),
          };
          paths.set(folder.key, path);
          folders.push(folder);
          pendingFolder = folder;
          heading = null;
          lastLink = null;
        } else if (name === 'a' && link) {
          const href = (link.attrs.href ?? '').trim();
          const folder = current();
          // The same address twice in one folder is one bookmark.
          const base = keyOf([folder?.key ?? null, href]);
          const n = seen.get(base) ?? 0;
          seen.set(base, n + 1);
          lastLink = null;
          if (n === 0) {
            lastLink = {
              key: base,
              url: href,
              title: link.text.replace(/\s+/g, ' ').trim(),
              note: null,
              tags: tagsOf(link.attrs.tags),
              createdAt: dateOf(link.attrs.add_date ?? link.attrs.time_added),
              folder: folder?.key ?? null,
            };
            entries.push(lastLink);
          }
          link = null;
        } else if (name === 'dl') {
          endDescription();
          open.pop();
        }
      },
    },
    { lowerCaseAttributeNames: true, lowerCaseTags: true, decodeEntities: true },
  );
  // Fed in slices, yielding between them when asked, so a file of a hundred thousand links holds no one up.
  for (let i = 0; i < html.length; i += PARSE_SLICE) {
    parser.write(html.slice(i, i + PARSE_SLICE));
    await pace();
  }
  parser.end();
  endDescription();
  if (!netscape && entries.length === 0) {
    throw new MoveInError('This is not a bookmarks file (the HTML that browsers export)');
  }
  return { folders, entries };
}
