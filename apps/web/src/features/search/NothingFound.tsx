import { Button, Stack } from '@mantine/core';
import { SearchIcon } from '../../components/icons';
import { EmptyPanel } from '../../components/Page';
import { hasFilters, type SearchState } from './search-state';
import { nothingFoundText } from './summary';

/** Nothing found, saying what was looked for and where, with the way out: fewer filters. */
export function NothingFound({ state, onClearFilters }: { state: SearchState; onClearFilters: () => void }) {
  const filtered = hasFilters(state);
  return (
    <EmptyPanel
      title={nothingFoundText(state)}
      icon={<SearchIcon size={28} />}
      description={
        <Stack gap="sm" align="center" component="span">
          <span>
            {filtered
              ? 'Try without the filters, or with other words.'
              : 'Try other words, or fewer of them.'}
          </span>
          {filtered && (
            <Button size="xs" onClick={onClearFilters}>
              Clear filters
            </Button>
          )}
        </Stack>
      }
    />
  );
}
