import { type DataType, isFolderType, type ParsedSearchRequest, type SearchResult } from '@easio/shared';
import { type Db, queryRows } from '../db/client.js';
import type { UserRow } from '../db/schema.js';
import { toDeskObject } from '../desk/object-view.js';
import { createDeskRepository } from '../desk/repository.js';
import type { UrlSigner } from '../desk/signed-urls.js';
import { notFound } from '../http/http-error.js';
import { markText, snippet } from './highlight.js';
import { type Corrections, correctableWords, correctedText, parseQuery } from './parse-query.js';
import { toSearchRow } from './search-row.js';
import { searchSql } from './statement.js';
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

/** Search over one user's desk: every query is scoped to the signed-in owner. */
export function createSearchService({ db, signer }: { db: Db; signer: UrlSigner }) {
  const desk = createDeskRepository(db);

  return {
    async search(user: UserRow, request: ParsedSearchRequest, now = new Date()): Promise<SearchPage> {
      // The whole desk needs no subtree condition. Any other folder is checked only when nothing is
      // found in it (another user's folder, or an item, holds nothing of the user's): a search that
      // finds something is one statement.
      const scoped = request.parent_id === user.rootFolder ? { ...request, parent_id: undefined } : request;
      const refuseUnknownFolder = async () => {
        if (!scoped.parent_id) return;
        const folder = await desk.findOwned(user.id, scoped.parent_id);
        if (!folder || !isFolderType(folder.dataType as DataType)) throw notFound();
      };
      let rows = await runSearch(db, user.id, scoped, now);
      if (rows.length === 0) await refuseUnknownFolder();
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
      const terms = parseQuery(request.q ?? '', correctedTo ? { corrections } : {}).highlight;
      return {
        results: rows.slice(0, request.limit).map((row) => ({
          ...toDeskObject(row, signer, row.childCount ?? undefined),
          path: row.path,
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
