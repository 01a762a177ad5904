import type { UserInfo } from '@easio/shared';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { useSession } from '../state/session';
import { localStore } from '../state/storage';
import { fetchMe, fetchPublicConfig } from './auth';

export const queryKeys = {
  me: (userId: string) => ['auth', 'me', userId] as const,
  config: ['config'] as const,
};

/**
 * The signed-in user's info (`GET /api/auth/users/me/`). The copy kept under `info` shows at once on
 * a reload and is refreshed straight away; every fresh answer replaces it.
 */
export function useMe() {
  const session = useSession();
  const userId = session?.user_id ?? '';
  return useQuery({
    queryKey: queryKeys.me(userId),
    queryFn: async ({ signal }) => {
      const info = await fetchMe(signal);
      localStore.set('info', info);
      return info;
    },
    enabled: session !== null,
    initialData: () => {
      const stored = localStore.get('info');
      return stored && stored.id === userId ? stored : undefined;
    },
    initialDataUpdatedAt: 0,
  });
}

/** Replaces the user info everywhere: the query cache and local storage. */
export function storeMe(client: QueryClient, info: UserInfo) {
  localStore.set('info', info);
  client.setQueryData(queryKeys.me(info.id), info);
}

export function usePublicConfig() {
  return useQuery({
    queryKey: queryKeys.config,
    queryFn: ({ signal }) => fetchPublicConfig(signal),
    staleTime: Number.POSITIVE_INFINITY,
  });
}
