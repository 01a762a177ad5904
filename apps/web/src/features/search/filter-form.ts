import type { SearchKind, SearchPeriod, Source } from '@easio/shared';
import { dayOrNull, type SearchState } from './search-state';

/** The date choice of the filter popup: a preset, a custom span, or none. */
export type DateChoice = 'any' | SearchPeriod | 'custom';

export const DATE_CHOICES: readonly { value: DateChoice; label: string }[] = [
  { value: 'any', label: 'Any time' },
  { value: 'today', label: 'Today' },
  { value: 'week', label: '7 days' },
  { value: 'month', label: '30 days' },
  { value: 'year', label: 'This year' },
  { value: 'custom', label: 'Custom' },
];

/** What the filter popup holds while it is open; dates as the date inputs give them (`YYYY-MM-DD` or ''). */
export interface FilterValues {
  sources: Source[];
  kinds: SearchKind[];
  date: DateChoice;
  from: string;
  to: string;
}

export const EMPTY_FILTER: FilterValues = { sources: [], kinds: [], date: 'any', from: '', to: '' };

/** The popup opens on the search being looked at (or nothing). */
export function filterValuesOf(state: SearchState): FilterValues {
  const custom = state.from !== null || state.to !== null;
  return {
    sources: [...state.sources],
    kinds: [...state.kinds],
    date: state.period ?? (custom ? 'custom' : 'any'),
    from: state.from ?? '',
    to: state.to ?? '',
  };
}

/** Nothing chosen: no source, no kind, no date (a custom span with neither date counts as none). */
export function isEmptyFilter(values: FilterValues): boolean {
  const noDate = values.date === 'any' || (values.date === 'custom' && !values.from && !values.to);
  return values.sources.length === 0 && values.kinds.length === 0 && noDate;
}

/** What stops a custom span from being applied, said for the field it is about. */
export function dateProblem(values: FilterValues): { from?: string; to?: string } | null {
  if (values.date !== 'custom') return null;
  if (values.from && !dayOrNull(values.from)) return { from: 'Enter a date such as 2024-05-31' };
  if (values.to && !dayOrNull(values.to)) return { to: 'Enter a date such as 2024-05-31' };
  if (values.from && values.to && values.to < values.from)
    return { to: 'The end date is before the start date' };
  return null;
}

/** The search the popup's Apply makes: the text in the box, the sort kept, the filters replaced. */
export function applyFilter(state: SearchState, values: FilterValues): SearchState {
  const custom = values.date === 'custom';
  return {
    ...state,
    sources: [...values.sources],
    kinds: [...values.kinds],
    period: values.date === 'custom' || values.date === 'any' ? null : values.date,
    from: custom ? dayOrNull(values.from) : null,
    to: custom ? dayOrNull(values.to) : null,
  };
}
