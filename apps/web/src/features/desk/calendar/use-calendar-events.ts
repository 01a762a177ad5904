import type { ListQuery } from '@easio/shared';
import { useEffect, useMemo } from 'react';
import { PAGE_SIZE } from '../filters';
import { useListing } from '../queries';
import { addDays, type CalendarEvent, eventsWithin } from './event-times';

/** Events that began up to this long before the days shown still show if they last into them. */
const LOOKBACK_DAYS = 31;
/** Pages fetched at most for one month or week; past that the view says some are not shown. */
const MAX_PAGES = 20;

/**
 * The events of the days shown, from the same listing (and cache) as the list view, filtered on the
 * server by date and loaded page after page until the window is complete.
 */
export function useCalendarEvents(base: ListQuery, from: Date, to: Date) {
  const query = useMemo<ListQuery>(
    () => ({
      ...base,
      kind: 'event_object',
      from: addDays(from, -LOOKBACK_DAYS).toISOString(),
      // A floating event's date reads its wall clock as UTC: up to a day off the reader's own.
      to: addDays(to, 1).toISOString(),
      sort: 'date',
      order: 'asc',
    }),
    [base, from, to],
  );
  const listing = useListing({ items: true }, query);
  const { hasNextPage, isFetchingNextPage, isError, fetchNextPage, objects } = listing;
  const pages = Math.ceil(objects.length / PAGE_SIZE);
  const truncated = Boolean(hasNextPage) && pages >= MAX_PAGES;
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage && !isError && !truncated) fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, isError, truncated, fetchNextPage]);

  const events: CalendarEvent[] = useMemo(() => eventsWithin(objects, from, to), [objects, from, to]);
  return {
    events,
    loading: listing.isPending || (hasNextPage && !truncated),
    error: listing.isError ? listing.error : null,
    refetch: listing.refetch,
    truncated,
  };
}
