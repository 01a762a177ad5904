import { createHash } from 'node:crypto';
import { type ParsedSearchRequest, periodStart, SEARCH_PREVIEW_MAX, searchBounds } from '@easio/shared';
import { type SQL, sql } from 'drizzle-orm';
import { objects } from '../db/schema.js';
import { type Corrections, type ParsedQuery, parseQuery } from './parse-query.js';
import { effectiveSort, orderBy, relevanceScore, sortKey, textOnlyScore } from './rank.js';
import { rowColumns } from './search-row.js';
import { doc, head, num, tsq } from './sql-fragments.js';

/** How much text around the first match is fetched to cut a snippet from. */
const PASSAGE_BEFORE = 90;
const PASSAGE_LENGTH = SEARCH_PREVIEW_MAX;
/** The first match is looked for in this much of the text (plain substring search: fast on long texts). */
const ANCHOR_SEARCH_CHARS = 20_000;

/** The owner's key in front of every indexed word (see the migration 0002_search.sql). */
export function searchKey(ownerId: string): string {
  return `k${createHash('md5').update(ownerId).digest('hex').slice(0, 6)}`;
}

/** The query with the owner's key in front of each of its words, as they are indexed. */
function keyedQuery(q: ParsedQuery, key: string): ParsedQuery {
  const keyed = (text: string | null) => text?.replace(/'([^']+)'/g, `'${key}$1'`) ?? null;
  return { ...q, match: keyed(q.match), exclude: keyed(q.exclude) };
}

/** What text must match: the words index answers exactly for words and prefixes. */
function textConditions(q: ParsedQuery): SQL[] {
  if (q.match) return [sql`${doc} @@ ${tsq(q.match)}`];
  // Only exclusions: every document is read (no index can list what lacks a word).
  return q.exclude ? [sql`NOT (${doc} @@ ${tsq(q.exclude)})`] : [];
}

/**
 * The folder and every folder below it (folders are few, even on a large desk), gathered into an
 * array before the scan, so the planner sees a list of parents it can look up. Empty when the id is
 * not one of the owner's folders.
 */
function subtreeFolders(ownerId: string, folderId: string): SQL {
  return sql`ARRAY(
    WITH RECURSIVE scope AS (
      SELECT id FROM objects WHERE owner_id = ${ownerId} AND id = ${folderId} AND is_folder
      UNION ALL
      SELECT c.id FROM objects c JOIN scope ON c.parent_id = scope.id
      -- is_folder: the folder's own range of its (owner, parent, is_folder, …) indexes (a list of
      -- kinds would be checked on every child instead: ~1,700 reads per folder of a big drawer)
      WHERE c.owner_id = ${ownerId} AND c.is_folder
    )
    SELECT id FROM scope)`;
}

/**
 * The filters; with `scope: 'any'`, not the folder (the caller takes care of it). `ownerIndexed: false` keeps the owner a per-row check: searched words are already the
 * owner's own (keyed) entries, and combining them with all of the owner's rows from another index
 * costs more than it saves (~5 ms for 100,000 items).
 */
function filterConditions(
  ownerId: string,
  r: ParsedSearchRequest,
  now: Date,
  { ownerIndexed = true, scope = 'subtree' }: { ownerIndexed?: boolean; scope?: 'subtree' | 'any' } = {},
): SQL[] {
  const owner = sql`${objects.ownerId} = ${ownerId}`;
  const conditions: SQL[] = [
    ownerIndexed ? owner : sql`(${owner}) IS TRUE`,
    sql`${objects.dataType} <> 'root_object'`,
    // What is in the Trash is found only there.
    sql`${objects.trashedAt} IS NULL`,
  ];
  const list = <T extends string>(v: T | T[] | undefined) =>
    v === undefined ? [] : Array.isArray(v) ? v : [v];
  const sources = list(r.source);
  if (sources.length > 0)
    conditions.push(
      sql`${objects.source} IN (${sql.join(
        sources.map((s) => sql`${s}`),
        sql`, `,
      )})`,
    );
  const kinds = list(r.object_type);
  if (kinds.length > 0)
    conditions.push(
      sql`${objects.dataType} IN (${sql.join(
        kinds.map((k) => sql`${k}`),
        sql`, `,
      )})`,
    );

  const { start, end } = searchBounds(r);
  const since = r.period ? periodStart(r.period, now) : undefined;
  const from = start && since ? (start > since ? start : since) : (start ?? since);
  if (from) conditions.push(sql`${objects.itemDate} >= ${from.toISOString()}::timestamptz`);
  if (end) conditions.push(sql`${objects.itemDate} <= ${end.toISOString()}::timestamptz`);

  if (r.parent_id && scope === 'subtree') {
    conditions.push(sql`${objects.parentId} = ANY (${subtreeFolders(ownerId, r.parent_id)})`);
  }
  return conditions;
}

/** Crumbs at most (a deeper path is cut above its last 20 folders; the desk is 3 deep). */
const PATH_MAX = 20;

/**
 * One search as one statement: the matching ids are ranked and cut to the page first, then only
 * those rows are read whole, with a passage of text around their first match, the folders from the
 * root down to their own (`path`: the ancestry of each distinct holder walked once), and a folder's
 * number of objects directly inside (`childCount`). Asks for one row more than `limit`, so the caller
 * knows whether there is a next page.
 */
export function searchSql(
  ownerId: string,
  r: ParsedSearchRequest,
  now: Date,
  { corrections }: { corrections?: Corrections } = {},
): SQL {
  const q = keyedQuery(parseQuery(r.q ?? '', { corrections }), searchKey(ownerId));
  const anchorAt = q.anchor
    ? sql`strpos(lower(left(${objects.content}, ${num(ANCHOR_SEARCH_CHARS)})), ${q.anchor})`
    : sql`0`;
  return sql`
    WITH RECURSIVE hits AS (${hitsSql(ownerId, r, q, now)}),
    up AS (
      SELECT f.id AS leaf, f.id, f.parent_id, f.name, f.data_type, 0 AS depth FROM objects f
      WHERE f.owner_id = ${ownerId} AND f.id IN (SELECT o.parent_id FROM objects o WHERE o.id IN (SELECT id FROM hits))
      UNION ALL
      SELECT up.leaf, f.id, f.parent_id, f.name, f.data_type, up.depth + 1
      FROM up JOIN objects f ON f.id = up.parent_id AND f.owner_id = ${ownerId}
      WHERE up.depth < ${num(PATH_MAX - 1)}
    ),
    paths AS (
      SELECT leaf, json_agg(json_build_object('id', id, 'name', name, 'data_type', data_type) ORDER BY depth DESC) AS path
      FROM up GROUP BY leaf
    )
    SELECT ${rowColumns}, hits.score AS "score",
      CASE WHEN found.at > 0 THEN
        substr(${objects.content}, greatest(1, found.at - ${num(PASSAGE_BEFORE)}), ${num(PASSAGE_LENGTH)}) END AS "passage",
      found.at <= ${num(PASSAGE_BEFORE + 1)} AS "passageAtStart",
      found.at - ${num(PASSAGE_BEFORE)} + ${num(PASSAGE_LENGTH)} > length(${objects.content}) AS "passageAtEnd",
      coalesce(paths.path, '[]'::json) AS "path",
      CASE WHEN ${objects.isFolder} THEN (SELECT count(*) FROM objects c
        WHERE c.owner_id = ${ownerId} AND c.parent_id = ${objects.id})::integer END AS "childCount"
    FROM hits JOIN ${objects} ON ${objects.id} = hits.id
      LEFT JOIN paths ON paths.leaf = ${objects.parentId}
      CROSS JOIN LATERAL (SELECT ${anchorAt} AS at) found
    ORDER BY ${orderBy(r, q, sql`hits.score`)}`;
}

/**
 * The newest items are walked through for a text match only when the vocabulary says the match is
 * common enough to be found within this many of them (otherwise its index is asked straight away)…
 */
const MAX_EXPECTED_WALK = 1500;
/** …and the walk stops after this many times the expected number of items, if the estimate was wrong. */
const WALK_MARGIN = 3;

/**
 * How many of the newest items to walk through for `enough` text matches: from the share of the
 * user's documents holding each required word (search_words counts them; all words of a prefix are
 * added up, alternatives too, and required words are taken as independent). 0: no walk.
 */
function walkLength(ownerId: string, q: ParsedQuery, enough: number): SQL {
  const count = (t: { word: string; prefix: boolean }) =>
    t.prefix
      ? sql`(SELECT coalesce(sum(documents), 0) FROM search_words WHERE owner_id = ${ownerId}
          AND word >= ${t.word}::text AND word < ${t.word}::text || chr(1114111))`
      : sql`(SELECT coalesce(sum(documents), 0) FROM search_words WHERE owner_id = ${ownerId} AND word = ${t.word}::text)`;
  const shares = q.shareTerms.map(
    (alternatives) =>
      sql`least(1.0, (${sql.join(alternatives.map(count), sql` + `)})::float8 / total.documents)`,
  );
  const share = sql.join(shares, sql` * `);
  // The vocabulary's '' entry counts the user's documents (see the migration 0003_search_words.sql).
  return sql`coalesce((SELECT CASE WHEN share * ${num(MAX_EXPECTED_WALK)} >= ${num(enough)}
      THEN ceil(${num(WALK_MARGIN * enough)} / share)::integer ELSE 0 END
    FROM (SELECT ${share} AS share FROM search_words total
      WHERE total.owner_id = ${ownerId} AND total.word = '' AND total.documents > 0) estimate), 0)`;
}

/**
 * The ids of one page, with their scores. Best-first text searches take two branches whose scores
 * never overlap: items matching in their head (name, tags, address) ranked fully, then items matching
 * only in their text, newest first. For a common match (see `walkLength`), the newest items are
 * walked first, stopping at the page's end: no need to collect thousands of matches to keep the newest
 * few. The walk keeps matches of either kind: when it finds `enough`, at most as many as the head
 * branch holds match in their heads (all of them, if there are fewer than `enough`), so the rest are
 * the newest text-only matches. When the walk is not tried, or finds too few, the words index is asked
 * for every text-only match. Not within a folder: a folder tree's newest items are in no index order.
 */
function hitsSql(ownerId: string, r: ParsedSearchRequest, q: ParsedQuery, now: Date): SQL {
  const score = relevanceScore(q, now);
  const page = sql`LIMIT ${num(r.limit + 1)} OFFSET ${num(r.offset)}`;
  const bestFirst = q.match && effectiveSort(r, q) === 'relevance' && r.order !== 'asc';
  if (!q.match && r.parent_id) {
    // Each folder's first folders and first items in their own index order (owner, parent, is_folder,
    // key), merged: a folder tree's items are in no one index order, and sorting all of them
    // (thousands in a big drawer) for one page costs ~20 ms.
    const { key, dir } = sortKey(r, q);
    const filters = sql.join(filterConditions(ownerId, r, now, { scope: 'any' }), sql` AND `);
    const firstOf = (folders: SQL) => sql`(SELECT ${objects.id} AS id, ${key} AS key FROM ${objects}
        WHERE ${filters} AND ${objects.parentId} = folder.id AND ${objects.isFolder} = ${folders}
        ORDER BY ${key} ${dir}, ${objects.id} ${dir} LIMIT ${num(r.offset + r.limit + 1)})`;
    return sql`SELECT x.id, NULL::float8 AS score
      FROM unnest(${subtreeFolders(ownerId, r.parent_id)}) AS folder(id)
      CROSS JOIN LATERAL (${firstOf(sql`true`)} UNION ALL ${firstOf(sql`false`)}) x
      ORDER BY x.key ${dir}, x.id ${dir} ${page}`;
  }
  if (!q.match || !bestFirst) {
    const filters = filterConditions(ownerId, r, now, { ownerIndexed: !q.match });
    const where = sql.join([...filters, ...textConditions(q)], sql` AND `);
    return sql`SELECT ${objects.id} AS id, ${score} AS score FROM ${objects} WHERE ${where}
      ORDER BY ${orderBy(r, q, score)} ${page}`;
  }
  const needed = r.offset + r.limit + 1;
  const enough = num(needed);
  const inHead = sql`${head} @@ ${tsq(q.match)}`;
  const inText = sql`${doc} @@ ${tsq(q.match)}`;
  const where = (conditions: SQL[], ...more: SQL[]) => sql.join([...conditions, ...more], sql` AND `);
  // Within a folder tree, the owner stays indexed: its folders' items come from the (owner, parent)
  // index, fewer than a common word's matches over the whole desk.
  const perRow = filterConditions(ownerId, r, now, { ownerIndexed: Boolean(r.parent_id) });
  // An excluded word must be absent from the whole document, not only from the head.
  const headMatches = sql`(SELECT ${objects.id} AS id, ${score} AS score, ${objects.itemDate} AS item_date
      FROM ${objects} WHERE ${where(perRow, inHead, ...(q.exclude ? [inText] : []))}
      ORDER BY score DESC, item_date DESC, id DESC LIMIT ${enough})`;
  // The newest text-only matches. `fenced` (OFFSET 0): all of them are collected before the newest
  // are kept; within a folder tree, this keeps the planner from walking the owner's whole desk by date
  // instead, hoping to meet the tree's few matches early (PGlite did: 39,000 rows for a small binder).
  const textMatches = (gate: SQL, { fenced = false } = {}) => sql`(SELECT id, score, item_date FROM (
      SELECT ${objects.id} AS id, ${textOnlyScore(now)} AS score, ${objects.itemDate} AS item_date
      FROM ${objects} WHERE ${gate} ${where(perRow, inText, sql`NOT (${inHead})`)}
      ${fenced ? sql`OFFSET 0` : sql``}) AS matches
    ORDER BY item_date DESC, id DESC LIMIT ${enough})`;
  if (r.parent_id || q.shareTerms.length === 0) {
    const text = textMatches(sql``, { fenced: Boolean(r.parent_id) });
    return sql`${headMatches} UNION ALL ${text} ORDER BY score DESC, item_date DESC, id DESC ${page}`;
  }
  const walked = sql`(SELECT count(*) FROM walked)`;
  return sql`
    WITH walked AS MATERIALIZED (
      SELECT recent.id, recent.item_date, recent.head @@ ${tsq(q.match)} AS in_head FROM (
        SELECT ${objects.id} AS id, ${objects.itemDate} AS item_date, ${doc} AS document, ${head} AS head
        FROM ${objects} WHERE ${where(filterConditions(ownerId, r, now))}
        ORDER BY ${objects.itemDate} DESC, ${objects.id} DESC LIMIT ${walkLength(ownerId, q, needed)}
      ) recent
      WHERE recent.document @@ ${tsq(q.match)}
      ORDER BY recent.item_date DESC, recent.id DESC LIMIT ${enough})
    ${headMatches}
    UNION ALL
    (SELECT walked.id, ${textOnlyScore(now, sql`walked.item_date`)}, walked.item_date FROM walked
      WHERE ${walked} >= ${enough} AND NOT walked.in_head)
    UNION ALL
    ${textMatches(sql`${walked} < ${enough} AND`)}
    ORDER BY score DESC, item_date DESC, id DESC ${page}`;
}
