import { describe, expect, it } from 'vitest';
import {
  applyFilter,
  dateProblem,
  EMPTY_FILTER,
  type FilterValues,
  filterValuesOf,
  isEmptyFilter,
} from './filter-form';
import { EMPTY_SEARCH } from './search-state';

const values = (changes: Partial<FilterValues>): FilterValues => ({ ...EMPTY_FILTER, ...changes });

describe('the filter popup', () => {
  it('opens on the search being looked at', () => {
    expect(filterValuesOf(EMPTY_SEARCH)).toEqual(EMPTY_FILTER);
    expect(filterValuesOf({ ...EMPTY_SEARCH, period: 'month', sources: ['mail'] })).toMatchObject({
      date: 'month',
      sources: ['mail'],
    });
    expect(filterValuesOf({ ...EMPTY_SEARCH, from: '2024-05-01' })).toMatchObject({
      date: 'custom',
      from: '2024-05-01',
      to: '',
    });
  });

  it('knows an empty filter (spec: it just closes the popup)', () => {
    expect(isEmptyFilter(EMPTY_FILTER)).toBe(true);
    expect(isEmptyFilter(values({ date: 'custom' }))).toBe(true);
    expect(isEmptyFilter(values({ date: 'custom', to: '2024-05-31' }))).toBe(false);
    expect(isEmptyFilter(values({ date: 'today' }))).toBe(false);
    expect(isEmptyFilter(values({ kinds: ['note_object'] }))).toBe(false);
    expect(isEmptyFilter(values({ sources: ['gdrive'] }))).toBe(false);
  });

  it('refuses an end before the start, and malformed days', () => {
    expect(dateProblem(values({ date: 'custom', from: '2024-05-31', to: '2024-05-01' }))).toEqual({
      to: 'The end date is before the start date',
    });
    expect(dateProblem(values({ date: 'custom', from: '2024-02-30' }))).toHaveProperty('from');
    expect(dateProblem(values({ date: 'custom', from: '2024-05-01', to: '2024-05-01' }))).toBeNull();
    // Dates left behind by another choice don't matter.
    expect(dateProblem(values({ date: 'week', from: '2024-05-31', to: '2024-05-01' }))).toBeNull();
  });

  it('applies presets as the period and custom days as the span, keeping the text and the sort', () => {
    const current = { ...EMPTY_SEARCH, q: 'tax', sort: 'name' as const, kinds: ['note_object' as const] };
    expect(applyFilter(current, values({ sources: ['gdrive'], date: 'week', from: '2024-01-01' }))).toEqual({
      ...EMPTY_SEARCH,
      q: 'tax',
      sort: 'name',
      sources: ['gdrive'],
      period: 'week',
    });
    expect(
      applyFilter(
        current,
        values({ kinds: ['file_object'], date: 'custom', from: '2024-05-01', to: '2024-05-31' }),
      ),
    ).toMatchObject({ kinds: ['file_object'], period: null, from: '2024-05-01', to: '2024-05-31' });
  });
});
