import {
  liveSourceConnectionSchema,
  NOTIFICATION_DEFAULTS,
  type NotificationPrefs,
  RECOMMENDATIONS_SUBSCRIPTION,
  SOURCES_SUBSCRIPTION,
  USER_SUBSCRIPTION,
  userInfoSchema,
} from '@easio/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { z } from 'zod';
import { deskKeys } from '../api/desk-keys';
import { liveClient } from '../api/live';
import { storeMe } from '../api/queries';
import { notificationKeys, useNotificationPrefs } from '../features/profile/notification-prefs';
import { recommendationKeys } from '../features/recommendations/queries';
import { sourceKeys } from '../features/sources/queries';
import { liveBack, liveLost, liveNoticeGone, toastInfo } from '../lib/toast';
import { useSession } from '../state/session';

const usersAnswer = z.object({ users: z.array(userInfoSchema) });
const recommendationsAnswer = z.object({ recommendations_view: z.array(z.object({ id: z.number() })) });
const sourcesAnswer = z.object({ source_connections: z.array(liveSourceConnectionSchema) });

/**
 * Keeps the signed-in user's info and recommendations live while a protected page is open: the top
 * bar's user follows every change on the server (another tab, another device), and the desk's
 * recommendations are read again whenever they change (a generation finished, one accepted
 * elsewhere), new ones announced when the user wants that; imports report their progress as they go. The connection is rebuilt whenever the token or the stored session changes.
 */
export function useLiveUpdates(): void {
  const session = useSession();
  const queryClient = useQueryClient();
  // Read once, so a new suggestion is announced (or not) as the user chose.
  useNotificationPrefs();
  const token = session?.access_token ?? null;
  const userId = session?.user_id ?? null;

  useEffect(() => {
    if (!token || !userId) return;
    // A lost connection is said once (it reconnects by itself), and its coming back too; errors go to
    // the console for whoever investigates, never silently nowhere.
    let lost = false;
    let opened = false;
    let disposed = false;
    const client = liveClient(token, {
      connected: () => {
        if (lost) liveBack();
        lost = false;
        opened = true;
      },
      closed: () => {
        if (disposed) return;
        if (opened && !lost) liveLost();
        lost = opened;
      },
    });
    const ignore = () => {};
    const report = (topic: string) => (error: unknown) => console.warn(`Live ${topic} updates failed`, error);
    const stopUser = client.subscribe(
      { query: USER_SUBSCRIPTION, variables: { id: userId } },
      {
        next: (result) => {
          const answer = usersAnswer.safeParse(result.data);
          const info = answer.success ? answer.data.users[0] : undefined;
          if (info) storeMe(queryClient, info);
        },
        error: report('user'),
        complete: ignore,
      },
    );
    // The list shows each item's summary, which only the REST call answers: read it again. (The first
    // answer, and the first after a reconnection, catch up with changes made while not listening.)
    // Suggestions not seen before are announced, when the user wants that.
    let seen: Set<number> | null = null;
    const stopRecommendations = client.subscribe(
      { query: RECOMMENDATIONS_SUBSCRIPTION, variables: { id: userId } },
      {
        next: (result) => {
          void queryClient.invalidateQueries({ queryKey: recommendationKeys.list });
          const answer = recommendationsAnswer.safeParse(result.data);
          if (!answer.success) return;
          const ids = answer.data.recommendations_view.map((r) => r.id);
          const fresh = seen === null ? 0 : ids.filter((id) => !seen?.has(id)).length;
          seen = new Set(ids);
          const prefs = queryClient.getQueryData<NotificationPrefs>(notificationKeys.prefs(userId));
          if (fresh > 0 && (prefs ?? NOTIFICATION_DEFAULTS).new_suggestions) {
            toastInfo(
              fresh === 1 ? 'A new filing suggestion is ready' : `${fresh} new filing suggestions are ready`,
            );
          }
        },
        error: report('recommendations'),
        complete: ignore,
      },
    );
    // Imports in progress: the source pages show each page's counts; the desk lists are read again
    // when items arrived or left.
    let landed: number | null = null;
    const stopSources = client.subscribe(
      { query: SOURCES_SUBSCRIPTION, variables: { id: userId } },
      {
        next: (result) => {
          void queryClient.invalidateQueries({ queryKey: sourceKeys.all });
          const answer = sourcesAnswer.safeParse(result.data);
          if (!answer.success) return;
          const total = answer.data.source_connections.reduce((n, c) => n + c.imported + c.removed, 0);
          if (landed !== null && total !== landed)
            void queryClient.invalidateQueries({ queryKey: deskKeys.lists });
          landed = total;
        },
        error: report('sources'),
        complete: ignore,
      },
    );
    return () => {
      disposed = true;
      if (lost) liveNoticeGone();
      stopUser();
      stopRecommendations();
      stopSources();
      void client.dispose();
    };
  }, [token, userId, queryClient]);
}
