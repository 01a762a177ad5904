import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { CALENDAR_VIEWS, type CalendarView, dayKey, parseDayKey } from './calendar-grid';

const isView = (value: string | null): value is CalendarView =>
  value !== null && (CALENDAR_VIEWS as readonly string[]).includes(value);

/**
 * The calendar page's view (list, month or week) and the day it shows, kept in the address so the
 * back button, a reload and a shared link all land on the same period.
 */
export function useCalendarState() {
  const [params, setParams] = useSearchParams();
  const rawView = params.get('view');
  const view: CalendarView = isView(rawView) ? rawView : 'list';
  const dayParam = params.get('day');
  const todayKey = dayKey(new Date());
  const anchor = useMemo(
    () => parseDayKey(dayParam) ?? (parseDayKey(todayKey) as Date),
    [dayParam, todayKey],
  );

  const show = useCallback(
    (next: { view?: CalendarView; day?: Date | null }) =>
      setParams((current) => {
        const updated = new URLSearchParams(current);
        if (next.view) {
          if (next.view === 'list') updated.delete('view');
          else updated.set('view', next.view);
        }
        if (next.day === null) updated.delete('day');
        else if (next.day) updated.set('day', dayKey(next.day));
        return updated;
      }),
    [setParams],
  );
  return { view, anchor, show };
}
