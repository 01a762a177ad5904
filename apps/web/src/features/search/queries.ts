import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { deskKeys } from '../../api/desk-keys';
import { type SearchPage, searchItems } from './api';
import { type SearchState, searchRequestOf } from './search-state';

/** Results per page of the results page; "Load more" asks for the next. */
export const RESULTS_PAGE = 50;
/** Suggestions under the top bar's box. */
export const SUGGESTIONS = 8;
/** The box suggests from this many characters on. */
export const SUGGEST_FROM = 2;

/** Under the desk's keys, so a move, delete or rename anywhere refreshes the results. */
export const searchKeys = {
  results: (request: ReturnType<typeof searchRequestOf>) => [...deskKeys.search, 'results', request] as const,
  suggestions: (q: string) => [...deskKeys.search, 'suggestions', q] as const,
};

/** The results page's search, paged by the offset the server names. */
export function useSearchResults(state: SearchState) {
  const request = useMemo(() => searchRequestOf(state), [state]);
  const query = useInfiniteQuery({
    queryKey: searchKeys.results(request),
    queryFn: ({ pageParam, signal }) =>
      searchItems({ ...request, limit: RESULTS_PAGE, offset: pageParam }, signal),
    initialPageParam: 0,
    getNextPageParam: (last: SearchPage) => last.nextOffset ?? undefined,
    // A new sort or period keeps showing the current results until the new ones arrive: no flash.
    placeholderData: keepPreviousData,
  });
  const { data, fetchNextPage, refetch } = query;
  const results = useMemo(() => data?.pages.flatMap((page) => page.results) ?? [], [data]);
  return {
    results,
    correctedTo: data?.pages[0]?.correctedTo ?? null,
    isPending: query.isPending,
    isError: query.isError,
    error: query.error,
    isPlaceholderData: query.isPlaceholderData,
    hasNextPage: query.hasNextPage,
    isFetchingNextPage: query.isFetchingNextPage,
    fetchNextPage: useCallback(() => void fetchNextPage({ cancelRefetch: false }), [fetchNextPage]),
    refetch: useCallback(() => void refetch(), [refetch]),
  };
}

/** The top bar's suggestions for a text (already debounced); nothing is asked below two characters. */
export function useSuggestions(text: string) {
  const q = text.trim();
  return useQuery({
    queryKey: searchKeys.suggestions(q),
    queryFn: ({ signal }) => searchItems({ q, limit: SUGGESTIONS }, signal),
    enabled: q.length >= SUGGEST_FROM,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}
