import { NOTIFICATION_DEFAULTS, type NotificationPrefs, notificationPrefsSchema } from '@easio/shared';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../api/client';
import { useSession } from '../../state/session';

export const notificationKeys = { prefs: (userId: string) => ['account', 'notifications', userId] as const };

export function fetchNotificationPrefs(signal?: AbortSignal) {
  return apiRequest('/account/notifications', notificationPrefsSchema, { signal });
}

export function saveNotificationPrefs(prefs: NotificationPrefs) {
  return apiRequest('/account/notifications', notificationPrefsSchema, { method: 'PUT', json: prefs });
}

/** The user's notification preferences (the defaults until they are read). */
export function useNotificationPrefs() {
  const userId = useSession()?.user_id ?? '';
  return useQuery({
    queryKey: notificationKeys.prefs(userId),
    queryFn: ({ signal }) => fetchNotificationPrefs(signal),
    enabled: userId !== '',
    placeholderData: NOTIFICATION_DEFAULTS,
  });
}
