import { z } from 'zod';
import { DATA_TYPES, SOURCES } from './constants.js';
import { crumbSchema, deskObjectSchema } from './desk.js';

/**
 * The search filter's date span (spec section 5): when both dates are given, the start is sent as the
 * start of its day and the end as 23:59:59 of its day, both in UTC. Dates are `YYYY-MM-DD`.
 */
export function searchDateSpan(
  start?: string,
  end?: string,
): { start_date: string; end_date: string } | null {
  if (!start || !end) return null;
  return { start_date: `${start}T00:00:00.000Z`, end_date: `${end}T23:59:59.000Z` };
}

/** Longest search text accepted; longer is refused rather than cut, so nobody searches for half a paste. */
export const SEARCH_TEXT_MAX = 500;
export const SEARCH_LIMIT_MAX = 200;
export const SEARCH_OFFSET_MAX = 10_000;

/** Every kind an item can be found as (the root folder never is). */
export const SEARCH_KINDS = DATA_TYPES.filter((t) => t !== 'root_object') as Exclude<
  (typeof DATA_TYPES)[number],
  'root_object'
>[];
export type SearchKind = (typeof SEARCH_KINDS)[number];

/** Time-period presets: since the start of today, the last 7 days, the last 30 days, this calendar year (UTC). */
export const SEARCH_PERIODS = ['today', 'week', 'month', 'year'] as const;
export type SearchPeriod = (typeof SEARCH_PERIODS)[number];

export const SEARCH_SORTS = ['relevance', 'date', 'name', 'size'] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];

/** The answer header carrying the offset of the next page, present only when there is one. */
export const SEARCH_NEXT_OFFSET_HEADER = 'x-next-offset';
/**
 * Present when nothing matched as typed and the results are for the user's own close spellings
 * instead: the text searched for, URI-encoded (`invioce` → `invoice`).
 */
export const SEARCH_APPROXIMATE_HEADER = 'x-search-approximate';

const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

const oneOrMany = <T extends z.ZodType>(item: T) =>
  z.preprocess(
    (v) => (Array.isArray(v) && v.length === 0 ? undefined : blankToUndefined(v)),
    z.union([item, z.array(item).max(20)]).optional(),
  );

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** `YYYY-MM-DD` or an ISO date-time with an offset; impossible dates (Feb 30) are refused. */
const searchDate = z.preprocess(
  blankToUndefined,
  z
    .string()
    .refine((s) => DAY.test(s) || z.iso.datetime({ offset: true }).safeParse(s).success, {
      error: 'Use a date such as 2024-05-31 or 2024-05-31T00:00:00Z',
      abort: true,
    })
    .refine(isRealDate, 'No such date')
    .optional(),
);

function isRealDate(s: string): boolean {
  const day = s.slice(0, 10);
  const parsed = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === day;
}

/**
 * The spec's payload (`source`, `object_type`, `start_date`, `end_date`, `parent_id`) and Easio's
 * additions. Blank values mean "not given", as the spec's client sends them.
 */
export const searchRequestSchema = z
  .strictObject({
    q: z.preprocess(
      blankToUndefined,
      z
        .string()
        .max(SEARCH_TEXT_MAX, `Search text is too long (at most ${SEARCH_TEXT_MAX} characters)`)
        .optional(),
    ),
    source: oneOrMany(z.enum(SOURCES)),
    object_type: oneOrMany(z.enum(SEARCH_KINDS)),
    start_date: searchDate,
    end_date: searchDate,
    /** Only this folder and everything below it. */
    parent_id: z.preprocess(blankToUndefined, z.uuid().optional()),
    period: z.preprocess(blankToUndefined, z.enum(SEARCH_PERIODS).optional()),
    /** Relevance when there is text to search, else newest first. */
    sort: z.preprocess(blankToUndefined, z.enum(SEARCH_SORTS).optional()),
    order: z.preprocess(blankToUndefined, z.enum(['asc', 'desc']).optional()),
    limit: z.number().int().min(1).max(SEARCH_LIMIT_MAX).default(50),
    offset: z.number().int().min(0).max(SEARCH_OFFSET_MAX).default(0),
  })
  .refine(endsAfterStart, {
    error: 'The end date is before the start date',
    path: ['end_date'],
  });
function endsAfterStart(r: { start_date?: string; end_date?: string }): boolean {
  const { start, end } = searchBounds(r);
  return !start || !end || start <= end;
}

export type SearchRequest = z.input<typeof searchRequestSchema>;
export type ParsedSearchRequest = z.output<typeof searchRequestSchema>;

/**
 * The instants a request's dates stand for: a bare day starts at 00:00:00 UTC and ends at the last
 * millisecond of 23:59:59 UTC; a date-time end includes its whole second (the spec's client sends
 * `…T23:59:59.000Z` for "the whole of that day").
 */
export function searchBounds(r: { start_date?: string; end_date?: string }): { start?: Date; end?: Date } {
  const start = r.start_date
    ? new Date(DAY.test(r.start_date) ? `${r.start_date}T00:00:00Z` : r.start_date)
    : undefined;
  let end: Date | undefined;
  if (r.end_date) {
    const at = new Date(DAY.test(r.end_date) ? `${r.end_date}T23:59:59Z` : r.end_date);
    end = new Date(Math.floor(at.getTime() / 1000) * 1000 + 999);
  }
  return { start, end };
}

/** The first instant of a period preset, relative to `now` (UTC days). */
export function periodStart(period: SearchPeriod, now: Date): Date {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const day = 86_400_000;
  switch (period) {
    case 'today':
      return new Date(today);
    case 'week':
      return new Date(today - 6 * day);
    case 'month':
      return new Date(today - 29 * day);
    case 'year':
      return new Date(Date.UTC(now.getUTCFullYear(), 0, 1));
  }
}

/** A run of text that did (`hit`) or did not match the search words. */
export const textPartSchema = z.object({ text: z.string(), hit: z.boolean() });
export type TextPart = z.infer<typeof textPartSchema>;

export const searchResultSchema = deskObjectSchema.extend({
  /** The folders from the root down to the one holding the item. */
  path: z.array(crumbSchema),
  /** The name and, where the text matched, a short passage of it, split into matched and plain runs. */
  highlight: z.object({
    name: z.array(textPartSchema),
    snippet: z.array(textPartSchema).nullable(),
  }),
  /** Relevance (higher is better) when text was searched, else null. */
  score: z.number().nullable(),
});
export type SearchResult = z.infer<typeof searchResultSchema>;

/** The results page's groups, in this order (spec: google, whatsapp, dropbox, extension, then the rest). */
export const SEARCH_GROUPS = [
  { key: 'google', label: 'Google', sources: ['gdrive'] },
  { key: 'whatsapp', label: 'WhatsApp', sources: ['whatsapp'] },
  { key: 'dropbox', label: 'Dropbox', sources: ['dropbox'] },
  { key: 'extension', label: 'Easio and the extension', sources: ['easio'] },
  { key: 'mail', label: 'Mail', sources: ['mail'] },
  { key: 'calendar', label: 'Calendar', sources: ['calendar'] },
  { key: 'gallery', label: 'Gallery', sources: ['gallery'] },
] as const satisfies readonly { key: string; label: string; sources: readonly (typeof SOURCES)[number][] }[];
