import {
  SEARCH_KINDS,
  SEARCH_PERIODS,
  SEARCH_SORTS,
  type SearchKind,
  type SearchPeriod,
  type SearchRequest,
  type SearchSort,
  SOURCES,
  type Source,
  searchDateSpan,
} from '@easio/shared';

/** The results page, inside the desk's layout. */
export const SEARCH_PATH = '/my-desk/search';

export type SortOrder = 'asc' | 'desc';

/** A search as the results page's address holds it (`?q=…&source=…&kind=…&from=…&to=…&period=…&sort=…&order=…`). */
export interface SearchState {
  q: string;
  sources: Source[];
  kinds: SearchKind[];
  /** A custom span of days (`YYYY-MM-DD`, UTC); either end may be open. */
  from: string | null;
  to: string | null;
  /** A preset span instead of the custom one. */
  period: SearchPeriod | null;
  /** Null: the default (relevance when there is text, else date). */
  sort: SearchSort | null;
  /** Null: the sort's natural direction. */
  order: SortOrder | null;
}

export const EMPTY_SEARCH: SearchState = {
  q: '',
  sources: [],
  kinds: [],
  from: null,
  to: null,
  period: null,
  sort: null,
  order: null,
};

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A real calendar day as `YYYY-MM-DD` (not Feb 30), else null. */
export function dayOrNull(value: string | null | undefined): string | null {
  if (!value || !DAY.test(value)) return null;
  const parsed = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === value ? value : null;
}

const isOneOf = <T extends string>(list: readonly T[], value: string | null): value is T =>
  value !== null && (list as readonly string[]).includes(value);

/** A list parameter, comma-separated or repeated; unknown values are dropped, the rest kept in `allowed`'s order. */
function listParam<T extends string>(params: URLSearchParams, key: string, allowed: readonly T[]): T[] {
  const given = new Set(params.getAll(key).flatMap((v) => v.split(',')));
  return allowed.filter((value) => given.has(value));
}

/** Reads a search from an address; anything unknown or malformed is left out rather than refused. */
export function parseSearchParams(params: URLSearchParams): SearchState {
  const period = params.get('period');
  const sort = params.get('sort');
  const order = params.get('order');
  const preset = isOneOf(SEARCH_PERIODS, period) ? period : null;
  return {
    q: (params.get('q') ?? '').trim(),
    sources: listParam(params, 'source', SOURCES),
    kinds: listParam(params, 'kind', SEARCH_KINDS),
    // A preset and a custom span don't mix: the preset wins.
    from: preset ? null : dayOrNull(params.get('from')),
    to: preset ? null : dayOrNull(params.get('to')),
    period: preset,
    sort: isOneOf(SEARCH_SORTS, sort) ? sort : null,
    order: order === 'asc' || order === 'desc' ? order : null,
  };
}

/** The address form of a search, with only what is set, always in the same order. */
export function searchParamsOf(state: SearchState): URLSearchParams {
  const params = new URLSearchParams();
  const q = state.q.trim();
  if (q) params.set('q', q);
  if (state.sources.length > 0) params.set('source', state.sources.join(','));
  if (state.kinds.length > 0) params.set('kind', state.kinds.join(','));
  if (state.period) {
    params.set('period', state.period);
  } else {
    if (state.from) params.set('from', state.from);
    if (state.to) params.set('to', state.to);
  }
  if (state.sort) params.set('sort', state.sort);
  if (state.order) params.set('order', state.order);
  return params;
}

export function searchHref(state: SearchState): string {
  const params = searchParamsOf(state).toString();
  return params ? `${SEARCH_PATH}?${params}` : SEARCH_PATH;
}

export function hasText(state: Pick<SearchState, 'q'>): boolean {
  return state.q.trim() !== '';
}

/** Relevance when there is text to rank by, else newest first; relevance without text means date. */
export function effectiveSort(state: Pick<SearchState, 'q' | 'sort'>): SearchSort {
  if (state.sort && (state.sort !== 'relevance' || hasText(state))) return state.sort;
  return hasText(state) ? 'relevance' : 'date';
}

/** Names read A to Z; dates, sizes and relevance read biggest (newest, best) first. */
export function naturalOrder(sort: SearchSort): SortOrder {
  return sort === 'name' ? 'asc' : 'desc';
}

export function effectiveOrder(state: Pick<SearchState, 'q' | 'sort' | 'order'>): SortOrder {
  const sort = effectiveSort(state);
  return sort === 'relevance' ? 'desc' : (state.order ?? naturalOrder(sort));
}

/** Any of source, kind or date narrows the search (the text and the sort don't count). */
export function hasFilters(state: SearchState): boolean {
  return (
    state.sources.length > 0 ||
    state.kinds.length > 0 ||
    state.from !== null ||
    state.to !== null ||
    state.period !== null
  );
}

export function clearFilters(state: SearchState): SearchState {
  return { ...state, sources: [], kinds: [], from: null, to: null, period: null };
}

/** A time-period refinement replaces any date span (null: any time). */
export function withPeriod(state: SearchState, period: SearchPeriod | null): SearchState {
  return { ...state, period, from: null, to: null };
}

/** A new sort starts in its natural direction. */
export function withSort(state: SearchState, sort: SearchSort): SearchState {
  return { ...state, sort, order: null };
}

/**
 * The call for a search (spec section 5): with both dates, the start goes as the start of its day and
 * the end as 23:59:59 UTC; a single date goes as a bare day, which the server reads the same way.
 */
export function searchRequestOf(
  state: SearchState,
  page: { limit?: number; offset?: number } = {},
): SearchRequest {
  const sort = effectiveSort(state);
  const span = searchDateSpan(state.from ?? undefined, state.to ?? undefined);
  // Unset fields stay undefined: JSON (the body and the cache key alike) leaves them out.
  const request: SearchRequest = {
    q: state.q.trim() || undefined,
    source: state.sources.length > 0 ? state.sources : undefined,
    object_type: state.kinds.length > 0 ? state.kinds : undefined,
    start_date: span?.start_date ?? state.from ?? undefined,
    end_date: span?.end_date ?? state.to ?? undefined,
    period: state.period ?? undefined,
    sort,
    order: sort === 'relevance' ? undefined : effectiveOrder(state),
    limit: page.limit,
    offset: page.offset,
  };
  return request;
}
