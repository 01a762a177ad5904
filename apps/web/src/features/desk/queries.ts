import { CONTENT_PREVIEW_MAX, type DeskObject, type ListQuery, type Page } from '@easio/shared';
import {
  type InfiniteData,
  keepPreviousData,
  type QueryClient,
  useInfiniteQuery,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { useCallback, useEffect, useMemo } from 'react';
import { deskKeys } from '../../api/desk-keys';
import { fetchChildren, fetchFolderView, fetchItems, fetchObject } from './api';
import { PAGE_SIZE } from './filters';

export function useFolderView(id: string) {
  return useQuery({
    queryKey: deskKeys.folder(id),
    queryFn: ({ signal }) => fetchFolderView(id, signal),
    enabled: id !== '',
  });
}

const JOB_POLL_MS = 2000;
const SIGNED_URL_REFRESH_MS = 30 * 60 * 1000;
/** Its file is being processed, or its text read from the picture (OCR): worth asking again soon. */
export const isProcessing = (object: Pick<DeskObject, 'job_state' | 'ocr'> | undefined) =>
  object?.job_state === 'pending' ||
  object?.job_state === 'running' ||
  object?.ocr?.state === 'pending' ||
  object?.ocr?.state === 'reading';

export function useDeskObject(id: string | null) {
  return useQuery({
    queryKey: deskKeys.object(id ?? ''),
    queryFn: ({ signal }) => fetchObject(id ?? '', signal),
    enabled: id !== null && id !== '',
    // The signed addresses it carries are short-lived: fetch them fresh each time a viewer opens.
    staleTime: 0,
    // While its file is processed in the background, look again until the text and thumbnail are in.
    refetchInterval: (query) => (isProcessing(query.state.data) ? JOB_POLL_MS : false),
  });
}

/**
 * A listed file still being processed asks for itself again until it is done, then takes its place in
 * the listings (with its thumbnail). Only rows in view do this, so a long list costs nothing.
 */
export function useJobWatch(object: DeskObject) {
  const client = useQueryClient();
  const watching = isProcessing(object);
  const { data } = useQuery({
    queryKey: deskKeys.job(object.id),
    queryFn: ({ signal }) => fetchObject(object.id, signal),
    enabled: watching,
    refetchInterval: (query) => (isProcessing(query.state.data) ? JOB_POLL_MS : false),
    initialData: object,
    initialDataUpdatedAt: Date.now(),
  });
  useEffect(() => {
    if (watching && data && !isProcessing(data)) replaceInListings(client, data);
  }, [watching, data, client]);
}

/** Where a listing comes from: one folder's children, or items across the desk. */
export type ListSource = { folderId: string } | { items: true };

export interface Listing {
  objects: DeskObject[];
  isPending: boolean;
  isError: boolean;
  error: unknown;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => void;
  /** Loads every remaining page (for "select all"); resolves with everything listed. */
  loadAll: () => Promise<DeskObject[]>;
  refetch: () => void;
}

/** A listing paged by cursor as the user scrolls. `enabled: false` lists nothing (and asks nothing). */
export function useListing(source: ListSource, query: ListQuery, enabled = true): Listing {
  const queryKey = 'folderId' in source ? deskKeys.children(source.folderId, query) : deskKeys.items(query);
  const result = useInfiniteQuery({
    queryKey,
    queryFn: ({ pageParam, signal }) => {
      const paged: ListQuery = { ...query, limit: PAGE_SIZE, cursor: pageParam };
      return 'folderId' in source ? fetchChildren(source.folderId, paged, signal) : fetchItems(paged, signal);
    },
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last: Page) => last.next_cursor ?? undefined,
    enabled,
    // A new sort or filter keeps showing the current list until the new one arrives: no flash.
    placeholderData: keepPreviousData,
    // The signed thumbnail and file addresses in a page last at least an hour: renew them before then.
    refetchInterval: SIGNED_URL_REFRESH_MS,
    refetchIntervalInBackground: false,
  });
  const { data, fetchNextPage, hasNextPage, isFetchingNextPage, refetch } = result;
  const objects = useMemo(() => data?.pages.flatMap((page) => page.items) ?? [], [data]);

  const loadAll = useCallback(async () => {
    let current = await fetchNextPage({ cancelRefetch: false });
    while (current.hasNextPage && !current.isError) current = await fetchNextPage({ cancelRefetch: false });
    return current.data?.pages.flatMap((page) => page.items) ?? [];
  }, [fetchNextPage]);

  return {
    objects,
    isPending: enabled && result.isPending,
    isError: result.isError,
    error: result.error,
    hasNextPage,
    isFetchingNextPage,
    fetchNextPage: useCallback(() => void fetchNextPage({ cancelRefetch: false }), [fetchNextPage]),
    loadAll,
    refetch: useCallback(() => void refetch(), [refetch]),
  };
}

/** Takes objects out of every cached listing at once, so a move or delete shows before the server answers. */
export function removeFromListings(
  client: QueryClient,
  ids: ReadonlySet<string>,
  queryKey: readonly unknown[] = deskKeys.lists,
) {
  client.setQueriesData<InfiniteData<Page>>({ queryKey }, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            items: page.items.filter((item) => !ids.has(item.id)),
          })),
        }
      : data,
  );
}

/** Puts a changed object in place in every cached listing (a rename, a new binder state). */
export function replaceInListings(client: QueryClient, object: DeskObject) {
  const listed = { ...object, content: object.content?.slice(0, CONTENT_PREVIEW_MAX) ?? null };
  client.setQueriesData<InfiniteData<Page>>({ queryKey: deskKeys.lists }, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            items: page.items.map((item) => (item.id === object.id ? listed : item)),
          })),
        }
      : data,
  );
  client.setQueryData(deskKeys.object(object.id), object);
}
