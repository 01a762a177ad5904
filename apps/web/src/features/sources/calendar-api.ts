import {
  calendarImportResultSchema,
  calendarSubscriptionListSchema,
  calendarSubscriptionSchema,
  disconnectResultSchema,
} from '@easio/shared';
import { apiRequest } from '../../api/client';
import { apiUpload } from '../../api/upload';

export const fetchSubscriptions = (signal?: AbortSignal) =>
  apiRequest('/calendars/subscriptions', calendarSubscriptionListSchema, { signal });

export const subscribeCalendar = (url: string) =>
  apiRequest('/calendars/subscriptions', calendarSubscriptionSchema, { json: { url } });

export const unsubscribeCalendar = (id: string, deleteEvents: boolean) =>
  apiRequest(
    `/calendars/subscriptions/${encodeURIComponent(id)}?delete_events=${deleteEvents}`,
    disconnectResultSchema,
    { method: 'DELETE' },
  );

export function uploadIcs(file: File) {
  const body = new FormData();
  body.append('file', file);
  return apiUpload('/calendars/ics', body, calendarImportResultSchema);
}
