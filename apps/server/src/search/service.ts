import {
  type Crumb,
  type DataType,
  isFolderType,
  type ParsedSearchRequest,
  type SearchResult,
} from '@easio/shared';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../db/client.js';
import type { UserRow } from '../db/schema.js';
import { toDeskObject } from '../desk/object-view.js';
import { createDeskRepository } from '../desk/repository.js';
import { notFound } from '../desk/service.js';
import type { UrlSigner } from '../desk/signed-urls.js';
import { markText, snippet } from './highlight.js';
import { parseQuery } from './parse-query.js';
import { searchSql, toSearchRow } from './sql.js';

/**
 * How alike a typed word and a word of a name must be (pg_trgm word similarity) to count as a
 * misspelling: 0.5 catches one swapped or wrong letter in a seven-letter word (`invioce`), which the
 * extension's default of 0.6 misses.
 */
export const FUZZY_THRESHOLD = 0.5;
export const SEARCH_WORK_MEM = '32MB';

export interface SearchPage {
  results: SearchResult[];
  /** The offset of the next page, or null on the last one. */
  nextOffset: number | null;
  /** Nothing matched as typed: these are matches of close spellings. */
  approximate: boolean;
}

/** Runs one search with the misspelling threshold set for its transaction only. */
export async function runSearch(
  db: Db,
  ownerId: string,
  request: ParsedSearchRequest,
  now: Date,
  options: { closeSpellings?: boolean } = {},
) {
  return db.transaction(async (tx) => {
    // For this transaction only: the misspelling threshold, and enough memory that the bitmap of a
    // common word's matches stays exact (a lossy one makes PostgreSQL read every document on its
    // pages again). One round trip for both.
    await tx.execute(
      sql`SELECT set_config('pg_trgm.word_similarity_threshold', ${String(FUZZY_THRESHOLD)}, true),
        set_config('work_mem', ${SEARCH_WORK_MEM}, true)`,
    );
    const query = searchSql(ownerId, request, now, options);
    const rows = await queryRows<Record<string, unknown>>(tx as unknown as Db, query);
    return rows.map(toSearchRow);
  });
}

const canSpellDifferently = (q: string | undefined) =>
  q !== undefined && parseQuery(q, { closeSpellings: true }).match !== parseQuery(q).match;

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
      let approximate = false;
      // Nothing as typed: try every spelling one edit away (`invioce`, `recieve`) before giving up.
      if (rows.length === 0 && canSpellDifferently(request.q)) {
        const firstPage = { ...scoped, offset: 0, limit: 1 };
        const matchedAsTyped = scoped.offset > 0 && (await runSearch(db, user.id, firstPage, now)).length > 0;
        if (!matchedAsTyped) {
          rows = await runSearch(db, user.id, scoped, now, { closeSpellings: true });
          approximate = rows.length > 0;
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
      const terms = parseQuery(request.q ?? '').highlight;
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
        approximate,
      };
    },
  };
}

export type SearchService = ReturnType<typeof createSearchService>;
