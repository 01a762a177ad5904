import {
  type Crumb,
  type DataType,
  isFolderType,
  type ParsedSearchRequest,
  type SearchResult,
} from '@easio/shared';
import { type Db, queryRows } from '../db/client.js';
import type { UserRow } from '../db/schema.js';
import { toDeskObject } from '../desk/object-view.js';
import { createDeskRepository } from '../desk/repository.js';
import { notFound } from '../desk/service.js';
import type { UrlSigner } from '../desk/signed-urls.js';
import { markText, snippet } from './highlight.js';
import { type Corrections, correctableWords, correctedText, parseQuery } from './parse-query.js';
import { searchSql, toSearchRow } from './sql.js';
import { correctionsFor } from './vocabulary.js';

export interface SearchPage {
  results: SearchResult[];
  /** The offset of the next page, or null on the last one. */
  nextOffset: number | null;
  /** Nothing matched as typed: the text these results are for instead (the user's own spellings). */
  correctedTo: string | null;
}

/** Runs one search: one statement, the rows as object rows. */
export async function runSearch(
  db: Db,
  ownerId: string,
  request: ParsedSearchRequest,
  now: Date,
  options: { corrections?: Corrections } = {},
) {
  const rows = await queryRows<Record<string, unknown>>(db, searchSql(ownerId, request, now, options));
  return rows.map(toSearchRow);
}

/** Crumbs from the root down to each folder, built from one query of the folders' ancestry. */
function pathsOf(folders: (Crumb & { parent_id: string | null })[]): (id: string | null) => Crumb[] {
  const byId = new Map(folders.map((f) => [f.id, f]));
  return (id) => {
    const path: Crumb[] = [];
    for (let at = id ? byId.get(id) : undefined; at && path.length < 20; at = byId.get(at.parent_id ?? '')) {
      path.unshift({ id: at.id, name: at.name, data_type: at.data_type });
    }
    return path;
  };
}

/** Search over one user's desk: every query is scoped to the signed-in owner. */
export function createSearchService({ db, signer }: { db: Db; signer: UrlSigner }) {
  const desk = createDeskRepository(db);

  return {
    async search(user: UserRow, request: ParsedSearchRequest, now = new Date()): Promise<SearchPage> {
      let scoped = request;
      if (request.parent_id) {
        const folder = await desk.findOwned(user.id, request.parent_id);
        if (!folder || !isFolderType(folder.dataType as DataType)) throw notFound();
        // The whole desk needs no subtree condition.
        if (folder.dataType === 'root_object') scoped = { ...request, parent_id: undefined };
      }
      let rows = await runSearch(db, user.id, scoped, now);
      let correctedTo: string | null = null;
      // Nothing as typed: words the user has never used (`invioce`, `recieve`) are corrected to their
      // own closest words, and the search is tried again with those, before giving up.
      const typed = rows.length === 0 && request.q ? correctableWords(request.q) : [];
      const corrections: Corrections =
        typed.length > 0 ? await correctionsFor(db, user.id, typed) : new Map();
      if (corrections.size > 0 && request.q) {
        const firstPage = { ...scoped, offset: 0, limit: 1 };
        const matchedAsTyped = scoped.offset > 0 && (await runSearch(db, user.id, firstPage, now)).length > 0;
        if (!matchedAsTyped) {
          rows = await runSearch(db, user.id, scoped, now, { corrections });
          if (rows.length > 0) correctedTo = correctedText(request.q, corrections);
        }
      }
      const page = rows.slice(0, request.limit);
      const parentIds = [...new Set(page.flatMap((r) => (r.parentId ? [r.parentId] : [])))];
      const folderIds = page.filter((r) => isFolderType(r.dataType as DataType)).map((r) => r.id);
      const [ancestry, childCounts] = await Promise.all([
        desk.folderAncestry(user.id, parentIds),
        desk.childCounts(user.id, folderIds),
      ]);
      const pathTo = pathsOf(ancestry);
      const terms = parseQuery(request.q ?? '', correctedTo ? { corrections } : {}).highlight;
      return {
        results: page.map((row) => ({
          ...toDeskObject(row, signer, childCounts.get(row.id)),
          path: pathTo(row.parentId),
          highlight: {
            name: markText(row.name, terms),
            snippet: snippet(row.passage, { atStart: row.passageAtStart, atEnd: row.passageAtEnd }, terms),
          },
          score: row.score,
        })),
        nextOffset: rows.length > request.limit ? request.offset + request.limit : null,
        correctedTo,
      };
    },
  };
}

export type SearchService = ReturnType<typeof createSearchService>;
