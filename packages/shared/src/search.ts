/**
 * The search filter's date span (spec section 5): when both dates are given, the start is sent as the
 * start of its day and the end as 23:59:59 of its day, both in UTC. Dates are `YYYY-MM-DD`.
 */
export function searchDateSpan(
  start?: string,
  end?: string,
): { start_date: string; end_date: string } | null {
  if (!start || !end) return null;
  return { start_date: `${start}T00:00:00.000Z`, end_date: `${end}T23:59:59.000Z` };
}
