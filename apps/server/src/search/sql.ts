import { createHash } from 'node:crypto';
import { CONTENT_PREVIEW_MAX, type ParsedSearchRequest, periodStart, searchBounds } from '@easio/shared';
import { getTableColumns, type SQL, sql } from 'drizzle-orm';
import { type ObjectRow, objects } from '../db/schema.js';
import { type ParsedQuery, parseQuery } from './parse-query.js';

/** Weights of the head's parts for ts_rank, in its order {D, C, B, A}: (text), address, tags, name. */
const WEIGHTS = sql.raw(`'{0.05, 0.2, 0.4, 1.0}'`);
/** Every match gets this: a word only in the text ranks by it (and recency) alone. */
const TEXT_MATCH = 0.03;
/** A misspelt name's match counts for this much of its trigram similarity (a name hit ranks ~0.6). */
const FUZZY_WEIGHT = 0.5;
/** A name that starts with exactly what was typed gets this on top. */
const EXACT_NAME_BOOST = 0.3;
/** Recency lifts a score by up to a quarter, halving over about half a year. */
const RECENCY_BOOST = 0.25;
const RECENCY_DAYS = 180;
/** How much text around the first match is fetched to cut a snippet from. */
const PASSAGE_BEFORE = 90;
const PASSAGE_LENGTH = 260;
/** The first match is looked for in this much of the text (plain substring search: fast on long texts). */
const ANCHOR_SEARCH_CHARS = 20_000;

export type SearchRow = ObjectRow & {
  score: number | null;
  /** Text around the first match in the item's text, with whether it reaches either end. */
  passage: string | null;
  passageAtStart: boolean;
  passageAtEnd: boolean;
};

/** Our own constants go into the text of the statement (bound as parameters they would need casts). */
const num = (n: number) => sql.raw(String(n));
const tsq = (text: string) => sql`to_tsquery('simple', ${text})`;
const doc = sql.raw('"objects"."search_document"');
const head = sql.raw('"objects"."search_head"');

/** The owner's key in front of every indexed word (see the migration 0002_search.sql). */
export function searchKey(ownerId: string): string {
  return `k${createHash('md5').update(ownerId).digest('hex').slice(0, 6)}`;
}

/** The query with the owner's key in front of each of its words, as they are indexed. */
function keyedQuery(q: ParsedQuery, key: string): ParsedQuery {
  const keyed = (text: string | null) => text?.replace(/'([^']+)'/g, `'${key}$1'`) ?? null;
  return { ...q, match: keyed(q.match), exclude: keyed(q.exclude) };
}

interface TextOptions {
  /** The second try: close spellings are in the query, and names are compared by trigrams too. */
  closeSpellings: boolean;
}

/**
 * What text must match. The first try asks only the words index, whose answer is exact for words and
 * prefixes, so the big document of each hit is never read; the second try also compares names by
 * trigrams (`<%`, its own index).
 */
function textConditions(ownerId: string, q: ParsedQuery, { closeSpellings }: TextOptions): SQL[] {
  if (q.match && closeSpellings) {
    // Hundreds of alternatives look unselective to the planner, which would then read every object
    // of the owner: behind a sub-select it plans with a typical word's selectivity and uses the index.
    // The two ways to match are collected apart, so that neither needs the other's data re-checked
    // (an OR would read each candidate's whole document).
    const candidates = (condition: SQL) =>
      sql`SELECT o.id FROM ${objects} o WHERE o.owner_id = ${ownerId} AND ${condition}`;
    const words = candidates(sql`o.search_document @@ (SELECT ${tsq(q.match)})`);
    const found = q.fuzzy
      ? sql`${objects.id} IN (${words} UNION ${candidates(sql`${q.fuzzy} <% o.name`)})`
      : sql`${objects.id} IN (${words})`;
    // Names alike by trigrams must still lack every excluded word.
    return q.exclude ? [found, sql`NOT (${doc} @@ ${tsq(q.exclude)})`] : [found];
  }
  if (q.match) return [sql`${doc} @@ ${tsq(q.match)}`];
  // Only exclusions: every document is read (no index can list what lacks a word).
  return q.exclude ? [sql`NOT (${doc} @@ ${tsq(q.exclude)})`] : [];
}

/**
 * Relevance: the rank of the match in the head (name, tags, address), which ranks a name far above a
 * word only in the text (that gets a small constant: the text itself is not read to rank it), plus
 * boosts for a name starting with what was typed and, on the second try, for a name spelt alike;
 * all lifted by recency.
 */
function scoreExpr(q: ParsedQuery, now: Date, { closeSpellings }: TextOptions): SQL {
  if (!q.match) return sql`NULL::float8`;
  const parts: SQL[] = [sql`ts_rank(${WEIGHTS}::float4[], ${head}, ${tsq(q.match)})`, num(TEXT_MATCH)];
  if (closeSpellings && q.fuzzy) {
    parts.push(sql`${num(FUZZY_WEIGHT)} * word_similarity(${q.fuzzy}, ${objects.name})`);
  }
  if (q.exact) {
    parts.push(
      sql`CASE WHEN left(lower(${objects.name}), ${num(q.exact.length)}) = ${q.exact} THEN ${num(EXACT_NAME_BOOST)} ELSE 0 END`,
    );
  }
  // date_part answers float8 (extract answers numeric, much slower over many rows).
  return sql`((${sql.join(parts, sql` + `)}) * ${recency(now)})::float8`;
}

/** 1 for an item made long ago, up to 1 + RECENCY_BOOST for one made now. */
function recency(now: Date): SQL {
  // date_part answers float8 (extract answers numeric, much slower over many rows).
  const ageDays = sql`greatest(0, date_part('epoch', ${now.toISOString()}::timestamptz - ${objects.itemDate}) / 86400)`;
  return sql`(1 + ${num(RECENCY_BOOST)} / (1 + ${ageDays} / ${num(RECENCY_DAYS)}))`;
}

function filterConditions(ownerId: string, r: ParsedSearchRequest, now: Date): SQL[] {
  const conditions: SQL[] = [sql`${objects.ownerId} = ${ownerId}`, sql`${objects.dataType} <> 'root_object'`];
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

  if (r.parent_id) {
    // The folder and every folder below it (folders are few, even on a large desk), gathered once
    // into an array before the scan, so the planner sees a list of parents it can look up.
    conditions.push(sql`${objects.parentId} = ANY (ARRAY(
      WITH RECURSIVE scope AS (
        SELECT id FROM objects WHERE owner_id = ${ownerId} AND id = ${r.parent_id}
        UNION ALL
        SELECT c.id FROM objects c JOIN scope ON c.parent_id = scope.id
        WHERE c.owner_id = ${ownerId} AND c.data_type IN ('drawer_object', 'binder_object')
      )
      SELECT id FROM scope))`);
  }
  return conditions;
}

/** Relevance when asked for or by default with text; without text, relevance means newest first. */
function effectiveSort(r: ParsedSearchRequest, q: ParsedQuery) {
  return r.sort === 'relevance' && !q.match ? 'date' : (r.sort ?? (q.match ? 'relevance' : 'date'));
}

/** The ORDER BY list; `score` is how the relevance is referred to where the list is used. */
function orderBy(r: ParsedSearchRequest, q: ParsedQuery, score: SQL): SQL {
  const sort = effectiveSort(r, q);
  const defaultOrder = sort === 'name' ? 'asc' : 'desc';
  const dir = sql.raw((r.order ?? defaultOrder) === 'asc' ? 'ASC' : 'DESC');
  const id = sql`${objects.id} ${dir}`;
  switch (sort) {
    case 'relevance':
      return sql`${score} ${dir}, ${objects.itemDate} DESC, ${objects.id} DESC`;
    case 'date':
      return sql`${objects.itemDate} ${dir}, ${id}`;
    case 'name':
      return sql`lower(${objects.name}) ${dir}, ${id}`;
    case 'size':
      return sql`coalesce(${objects.size}, -1) ${dir}, ${id}`;
  }
}

const TIMESTAMP_KEYS = Object.entries(getTableColumns(objects))
  .filter(([, column]) => column.columnType === 'PgTimestamp')
  .map(([key]) => key);

/**
 * Every column of an object row, named as the row type names it: `size` and timestamps (as epoch
 * milliseconds) come back as numbers on both drivers, text is cut to a preview.
 */
const rowColumns = sql.join(
  Object.entries(getTableColumns(objects)).map(([key, column]) => {
    if (key === 'size') return sql`${column}::float8 AS "size"`;
    if (key === 'content') return sql`left(${column}, ${num(CONTENT_PREVIEW_MAX)}) AS "content"`;
    if (TIMESTAMP_KEYS.includes(key)) {
      return sql`(extract(epoch FROM ${column}) * 1000)::float8 AS ${sql.identifier(key)}`;
    }
    return sql`${column} AS ${sql.identifier(key)}`;
  }),
  sql`, `,
);

/** A row as the statement answers it, turned into the object row it stands for. */
export function toSearchRow(raw: Record<string, unknown>): SearchRow {
  const row: Record<string, unknown> = { ...raw };
  for (const key of TIMESTAMP_KEYS) {
    const value = raw[key];
    row[key] = value === null || value === undefined ? null : new Date(Number(value));
  }
  return row as SearchRow;
}

/**
 * One search as one statement: the matching ids are ranked and cut to the page first, then only
 * those rows are read whole and given a passage of text around their first match. Asks for one row
 * more than `limit`, so the caller knows whether there is a next page.
 */
export function searchSql(
  ownerId: string,
  r: ParsedSearchRequest,
  now: Date,
  { closeSpellings = false } = {},
): SQL {
  const q = keyedQuery(parseQuery(r.q ?? '', { closeSpellings }), searchKey(ownerId));
  const anchorAt = q.anchor
    ? sql`strpos(lower(left(${objects.content}, ${num(ANCHOR_SEARCH_CHARS)})), ${q.anchor})`
    : sql`0`;
  return sql`
    WITH hits AS (${hitsSql(ownerId, r, q, now, { closeSpellings })})
    SELECT ${rowColumns}, hits.score AS "score",
      CASE WHEN found.at > 0 THEN
        substr(${objects.content}, greatest(1, found.at - ${num(PASSAGE_BEFORE)}), ${num(PASSAGE_LENGTH)}) END AS "passage",
      found.at <= ${num(PASSAGE_BEFORE + 1)} AS "passageAtStart",
      found.at - ${num(PASSAGE_BEFORE)} + ${num(PASSAGE_LENGTH)} > length(${objects.content}) AS "passageAtEnd"
    FROM hits JOIN ${objects} ON ${objects.id} = hits.id
      CROSS JOIN LATERAL (SELECT ${anchorAt} AS at) found
    ORDER BY ${orderBy(r, q, sql`hits.score`)}`;
}

/**
 * The ids of one page, with their scores. Best-first text searches take two branches whose scores
 * never overlap: items matching in their head (name, tags, address) ranked fully, then items matching
 * only in their text, newest first. The second branch can stop at the page's end however many items
 * share a common word, instead of ranking them all.
 */
function hitsSql(
  ownerId: string,
  r: ParsedSearchRequest,
  q: ParsedQuery,
  now: Date,
  options: TextOptions,
): SQL {
  const filters = filterConditions(ownerId, r, now);
  const score = scoreExpr(q, now, options);
  const page = sql`LIMIT ${num(r.limit + 1)} OFFSET ${num(r.offset)}`;
  const bestFirst =
    q.match && !options.closeSpellings && effectiveSort(r, q) === 'relevance' && r.order !== 'asc';
  if (!q.match || !bestFirst) {
    const where = sql.join([...filters, ...textConditions(ownerId, q, options)], sql` AND `);
    return sql`SELECT ${objects.id} AS id, ${score} AS score FROM ${objects} WHERE ${where}
      ORDER BY ${orderBy(r, q, score)} ${page}`;
  }
  const enough = num(r.offset + r.limit + 1);
  const inHead = sql`${head} @@ ${tsq(q.match)}`;
  const inText = sql`${doc} @@ ${tsq(q.match)}`;
  const where = (...more: SQL[]) => sql.join([...filters, ...more], sql` AND `);
  // An excluded word must be absent from the whole document, not only from the head.
  return sql`
    (SELECT ${objects.id} AS id, ${score} AS score, ${objects.itemDate} AS item_date
      FROM ${objects} WHERE ${where(inHead, ...(q.exclude ? [inText] : []))}
      ORDER BY score DESC, item_date DESC, id DESC LIMIT ${enough})
    UNION ALL
    (SELECT ${objects.id} AS id, (${num(TEXT_MATCH)} * ${recency(now)})::float8 AS score, ${objects.itemDate} AS item_date
      FROM ${objects} WHERE ${where(inText, sql`NOT (${inHead})`)}
      ORDER BY item_date DESC, id DESC LIMIT ${enough})
    ORDER BY score DESC, item_date DESC, id DESC ${page}`;
}
