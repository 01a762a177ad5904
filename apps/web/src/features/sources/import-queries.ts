import type { ImportRun } from '@easio/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { deskKeys } from '../../api/desk-keys';
import { toastError } from '../../lib/toast';
import { discardImport, fetchImports, resumeImport } from './imports-api';
import { sourceKeys } from './queries';

export const importKeys = { runs: [...sourceKeys.all, 'imports'] as const };

const unfinished = (run: ImportRun) => run.state === 'queued' || run.state === 'running';

/**
 * The user's imports of uploaded exports. Under the sources' key, so every live update of a connection
 * (each step of an import) reads them again; polled too while one runs, should the live socket be down.
 */
export function useImports() {
  return useQuery({
    queryKey: importKeys.runs,
    queryFn: ({ signal }) => fetchImports(signal),
    refetchInterval: (query) => (query.state.data?.imports.some(unfinished) ? 3000 : false),
  });
}

export function useResumeImport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => resumeImport(id),
    onSuccess: () => client.invalidateQueries({ queryKey: sourceKeys.all }),
    onError: (error) => toastError(error),
  });
}

export function useDiscardImport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => discardImport(id),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: sourceKeys.all });
      void client.invalidateQueries({ queryKey: deskKeys.all });
    },
    onError: (error) => toastError(error),
  });
}
