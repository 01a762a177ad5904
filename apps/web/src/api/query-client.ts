import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-error';

/** Server state lives in TanStack Query; refusals (4xx) are final, other failures are retried once. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      retry: (failureCount, error) => !(error instanceof ApiError && error.status < 500) && failureCount < 1,
    },
    mutations: { retry: false },
  },
});
