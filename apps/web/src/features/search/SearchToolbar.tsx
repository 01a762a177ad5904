import { SEARCH_PERIODS, SEARCH_SORTS } from '@easio/shared';
import { Group, NativeSelect, SegmentedControl } from '@mantine/core';
import { ORDER_LABEL } from '../desk/filters';
import { PERIOD_LABEL, SEARCH_SORT_LABEL } from './labels';
import {
  effectiveOrder,
  effectiveSort,
  hasText,
  type SearchState,
  withPeriod,
  withSort,
} from './search-state';
import { dateSpanText } from './summary';

const isOneOf = <T extends string>(list: readonly T[], value: string): value is T =>
  (list as readonly string[]).includes(value);

/** The results page's refinements: the time period, the sort (relevance only with text) and its direction. */
export function SearchToolbar({
  state,
  onChange,
}: {
  state: SearchState;
  onChange: (next: SearchState) => void;
}) {
  const sort = effectiveSort(state);
  const order = effectiveOrder(state);
  const sorts = SEARCH_SORTS.filter((s) => s !== 'relevance' || hasText(state));
  const custom = dateSpanText(state.from, state.to);
  const when = state.period ?? (custom ? 'custom' : 'any');
  return (
    <Group justify="space-between" align="flex-end" gap="sm" wrap="wrap">
      <SegmentedControl
        size="xs"
        aria-label="Time period"
        value={when}
        data={[
          { value: 'any', label: 'Any time' },
          ...SEARCH_PERIODS.map((period) => ({ value: period, label: PERIOD_LABEL[period] })),
          ...(custom ? [{ value: 'custom', label: custom }] : []),
        ]}
        onChange={(value) => {
          if (value === 'any') onChange(withPeriod(state, null));
          else if (isOneOf(SEARCH_PERIODS, value)) onChange(withPeriod(state, value));
        }}
      />
      <Group gap="xs" align="flex-end">
        <NativeSelect
          size="xs"
          label="Sort by"
          value={sort}
          data={sorts.map((s) => ({ value: s, label: SEARCH_SORT_LABEL[s] }))}
          onChange={(event) => {
            const value = event.currentTarget.value;
            if (isOneOf(SEARCH_SORTS, value)) onChange(withSort(state, value));
          }}
        />
        {sort !== 'relevance' && (
          <NativeSelect
            size="xs"
            label="Order"
            value={order}
            data={[
              { value: 'desc', label: ORDER_LABEL[sort].desc },
              { value: 'asc', label: ORDER_LABEL[sort].asc },
            ]}
            onChange={(event) => {
              const value = event.currentTarget.value;
              if (value === 'asc' || value === 'desc') onChange({ ...state, order: value });
            }}
          />
        )}
      </Group>
    </Group>
  );
}
