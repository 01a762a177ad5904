import { Button, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useCallback, useMemo } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { LoadError } from '../../components/LoadError';
import { NothingFound } from './NothingFound';
import { useSearchResults } from './queries';
import { ResultList } from './ResultList';
import { SearchToolbar } from './SearchToolbar';
import classes from './search.module.css';
import {
  clearFilters,
  parseSearchParams,
  type SearchState,
  searchHref,
  searchParamsOf,
} from './search-state';
import { filterParts } from './summary';

/** The search in the address, the same object while the address says the same search. */
function useSearchState(): SearchState {
  const [params] = useSearchParams();
  const canonical = searchParamsOf(parseSearchParams(params)).toString();
  return useMemo(() => parseSearchParams(new URLSearchParams(canonical)), [canonical]);
}

function Results({ state, onClearFilters }: { state: SearchState; onClearFilters: () => void }) {
  const search = useSearchResults(state);
  if (search.isPending) {
    return (
      <Stack gap={6} role="status" aria-busy="true" aria-label="Loading">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} height={72} radius="md" />
        ))}
      </Stack>
    );
  }
  if (search.isError && search.results.length === 0) {
    return <LoadError title="The search could not be made" error={search.error} onRetry={search.refetch} />;
  }
  if (search.results.length === 0 && !search.isPlaceholderData) {
    return <NothingFound state={state} onClearFilters={onClearFilters} />;
  }
  return (
    <div className={search.isPlaceholderData ? classes.busy : undefined} aria-busy={search.isPlaceholderData}>
      {search.correctedTo !== null && (
        <Text size="sm" mb="sm">
          Nothing matched “{state.q}” as typed: showing results for “{search.correctedTo}”.
        </Text>
      )}
      <ResultList
        results={search.results}
        hasNextPage={search.hasNextPage}
        isFetchingNextPage={search.isFetchingNextPage}
        fetchNextPage={search.fetchNextPage}
      />
    </div>
  );
}

/**
 * /my-desk/search: every result of a search, per source, with the sort, the time period and the
 * desk's bulk actions. The whole search lives in the address, so reload and Back keep it.
 */
export function SearchPage() {
  const state = useSearchState();
  const navigate = useNavigate();
  const go = useCallback((next: SearchState) => navigate(searchHref(next)), [navigate]);
  const parts = filterParts(state);
  const clear = () => go(clearFilters(state));
  return (
    <Stack gap="sm">
      <Stack gap={2}>
        <Title order={2} size="h3" style={{ overflowWrap: 'anywhere' }}>
          {state.q ? `Results for “${state.q}”` : 'Search results'}
        </Title>
        {parts.length > 0 && (
          <Group gap="xs">
            <Text size="sm" c="dimmed">
              In {parts.join(', ')}
            </Text>
            <Button size="compact-xs" variant="subtle" onClick={clear}>
              Clear filters
            </Button>
          </Group>
        )}
      </Stack>
      <SearchToolbar state={state} onChange={go} />
      <Results state={state} onClearFilters={clear} />
    </Stack>
  );
}
