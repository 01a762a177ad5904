import { type ConnectionService, SERVICE_LABEL } from '@easio/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { deskKeys } from '../../api/desk-keys';
import { plural } from '../../lib/plural';
import { toastError, toastSuccess } from '../../lib/toast';
import { disconnectSource, fetchFailures, fetchSources, retryFailures, syncSource } from './api';

export const sourceKeys = {
  all: ['sources'] as const,
  list: ['sources', 'list'] as const,
  failures: (service: ConnectionService) => ['sources', 'failures', service] as const,
};

/** The user's connections; kept fresh by the live `source_connections` subscription. */
export function useSources() {
  return useQuery({ queryKey: sourceKeys.list, queryFn: ({ signal }) => fetchSources(signal) });
}

export function useFailures(service: ConnectionService, enabled: boolean) {
  return useQuery({
    queryKey: sourceKeys.failures(service),
    queryFn: ({ signal }) => fetchFailures(service, signal),
    enabled,
  });
}

export function useSyncNow(service: ConnectionService) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => syncSource(service),
    onSuccess: () => client.invalidateQueries({ queryKey: sourceKeys.all }),
    onError: (error) => toastError(error),
  });
}

export function useRetryFailures(service: ConnectionService) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (ids?: number[]) => retryFailures(service, ids),
    onSuccess: ({ imported, failed }) => {
      toastSuccess(
        failed === 0
          ? `${imported} ${plural(imported, 'item')} imported`
          : `${imported} imported, ${failed} failed again`,
      );
      void client.invalidateQueries({ queryKey: sourceKeys.all });
      void client.invalidateQueries({ queryKey: deskKeys.all });
    },
    onError: (error) => toastError(error),
  });
}

/**
 * Disconnect a service. Said here rather than by the dialog: the live update that the connection is gone
 * may take the dialog away before this call's answer arrives.
 */
export function useDisconnect(service: ConnectionService) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (deleteItems: boolean) => disconnectSource(service, deleteItems),
    onSuccess: ({ deleted_items }) => {
      const label = SERVICE_LABEL[service];
      toastSuccess(
        deleted_items
          ? `${label} disconnected; ${deleted_items} ${plural(deleted_items, 'item')} deleted`
          : `${label} disconnected`,
      );
      void client.invalidateQueries({ queryKey: sourceKeys.all });
      void client.invalidateQueries({ queryKey: ['auth', 'me'] });
      void client.invalidateQueries({ queryKey: deskKeys.all });
    },
    onError: (error) => toastError(error),
  });
}
