import { searchRequestSchema } from '@easio/shared';
import { describe, expect, it } from 'vitest';
import {
  clearFilters,
  dayOrNull,
  EMPTY_SEARCH,
  effectiveOrder,
  effectiveSort,
  hasFilters,
  parseSearchParams,
  type SearchState,
  searchHref,
  searchParamsOf,
  searchRequestOf,
  withPeriod,
  withSort,
} from './search-state';

const parse = (query: string) => parseSearchParams(new URLSearchParams(query));
const state = (changes: Partial<SearchState>): SearchState => ({ ...EMPTY_SEARCH, ...changes });

describe('the address of a search', () => {
  it('reads every part of a search', () => {
    expect(
      parse('q=tax&source=gdrive,dropbox&kind=file_object&from=2024-05-01&to=2024-05-31&sort=date&order=asc'),
    ).toEqual({
      q: 'tax',
      sources: ['gdrive', 'dropbox'],
      kinds: ['file_object'],
      from: '2024-05-01',
      to: '2024-05-31',
      period: null,
      sort: 'date',
      order: 'asc',
    });
  });

  it('takes lists comma-separated or repeated, keeps them in a fixed order and drops unknown values', () => {
    const parsed = parse('source=dropbox&source=gdrive&source=myspace&kind=root_object,note_object,nope');
    expect(parsed.sources).toEqual(['gdrive', 'dropbox']);
    expect(parsed.kinds).toEqual(['note_object']);
  });

  it('leaves out what is malformed instead of failing', () => {
    expect(parse('from=2024-02-30&to=tomorrow&period=decade&sort=colour&order=up')).toEqual(EMPTY_SEARCH);
    expect(dayOrNull('2024-02-29')).toBe('2024-02-29');
    expect(dayOrNull('2023-02-29')).toBeNull();
  });

  it('lets a period win over a custom span', () => {
    const parsed = parse('period=week&from=2024-05-01&to=2024-05-31');
    expect(parsed.period).toBe('week');
    expect(parsed.from).toBeNull();
    expect(parsed.to).toBeNull();
  });

  it('writes only what is set, in one order, and reads back the same search', () => {
    const search = state({
      q: ' tax ',
      sources: ['gdrive'],
      kinds: ['file_object', 'note_object'],
      from: '2024-05-01',
      to: '2024-05-31',
      sort: 'name',
    });
    expect(searchParamsOf(search).toString()).toBe(
      'q=tax&source=gdrive&kind=file_object%2Cnote_object&from=2024-05-01&to=2024-05-31&sort=name',
    );
    expect(parseSearchParams(searchParamsOf(search))).toEqual({ ...search, q: 'tax' });
    expect(searchHref(EMPTY_SEARCH)).toBe('/my-desk/search');
    expect(searchHref(state({ q: 'a b', period: 'today' }))).toBe('/my-desk/search?q=a+b&period=today');
  });
});

describe('sort and order', () => {
  it('defaults to relevance with text and to date without, and never ranks without text', () => {
    expect(effectiveSort(state({ q: 'tax' }))).toBe('relevance');
    expect(effectiveSort(state({}))).toBe('date');
    expect(effectiveSort(state({ sort: 'relevance' }))).toBe('date');
    expect(effectiveSort(state({ q: 'tax', sort: 'size' }))).toBe('size');
  });

  it('reads names A to Z and the rest biggest first unless told otherwise', () => {
    expect(effectiveOrder(state({ sort: 'name' }))).toBe('asc');
    expect(effectiveOrder(state({ sort: 'date' }))).toBe('desc');
    expect(effectiveOrder(state({ sort: 'size', order: 'asc' }))).toBe('asc');
    expect(effectiveOrder(state({ q: 'x', order: 'asc' }))).toBe('desc');
  });

  it('a new sort starts in its own direction; a period replaces the dates', () => {
    expect(withSort(state({ sort: 'date', order: 'asc' }), 'name')).toMatchObject({
      sort: 'name',
      order: null,
    });
    expect(withPeriod(state({ from: '2024-01-01', to: '2024-01-31' }), 'month')).toMatchObject({
      period: 'month',
      from: null,
      to: null,
    });
  });
});

describe('filters', () => {
  it('counts source, kind and dates as filters, not the text or the sort', () => {
    expect(hasFilters(state({ q: 'tax', sort: 'name' }))).toBe(false);
    expect(hasFilters(state({ sources: ['mail'] }))).toBe(true);
    expect(hasFilters(state({ kinds: ['note_object'] }))).toBe(true);
    expect(hasFilters(state({ to: '2024-01-01' }))).toBe(true);
    expect(hasFilters(state({ period: 'year' }))).toBe(true);
  });

  it('clearing keeps the text and the sort', () => {
    const search = state({ q: 'tax', sources: ['mail'], period: 'today', sort: 'name', order: 'desc' });
    expect(clearFilters(search)).toEqual(state({ q: 'tax', sort: 'name', order: 'desc' }));
  });
});

describe('the call a search makes', () => {
  it('sends both dates as the whole days in UTC (spec section 5)', () => {
    const request = searchRequestOf(state({ q: 'tax', from: '2024-05-01', to: '2024-05-31' }));
    expect(request).toMatchObject({
      q: 'tax',
      start_date: '2024-05-01T00:00:00.000Z',
      end_date: '2024-05-31T23:59:59.000Z',
      sort: 'relevance',
    });
    expect(request.order).toBeUndefined();
  });

  it('sends a single date as a bare day, and a preset as the period', () => {
    expect(searchRequestOf(state({ from: '2024-05-01' }))).toMatchObject({ start_date: '2024-05-01' });
    expect(searchRequestOf(state({ to: '2024-05-31' }))).toMatchObject({ end_date: '2024-05-31' });
    const preset = searchRequestOf(state({ period: 'week' }));
    expect(preset.period).toBe('week');
    expect(preset.start_date).toBeUndefined();
  });

  it('sends lists, the sort with its order, and the page', () => {
    const request = searchRequestOf(
      state({ sources: ['gdrive', 'mail'], kinds: ['file_object'], sort: 'name' }),
      {
        limit: 8,
        offset: 50,
      },
    );
    expect(request).toEqual(
      expect.objectContaining({
        source: ['gdrive', 'mail'],
        object_type: ['file_object'],
        sort: 'name',
        order: 'asc',
        limit: 8,
        offset: 50,
      }),
    );
    expect(request.q).toBeUndefined();
  });

  it('makes requests the shared contract accepts', () => {
    const searches = [
      EMPTY_SEARCH,
      state({ q: 'tax', sources: ['easio'], kinds: ['binder_object'], from: '2024-05-01', to: '2024-05-01' }),
      state({ period: 'today', sort: 'size', order: 'asc' }),
      parse('q=x&from=2024-05-01'),
    ];
    for (const search of searches) {
      expect(searchRequestSchema.safeParse(searchRequestOf(search, { limit: 50, offset: 0 })).success).toBe(
        true,
      );
    }
  });
});
