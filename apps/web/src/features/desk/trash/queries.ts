import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { deskKeys } from '../../../api/desk-keys';
import { countOf } from '../../../lib/plural';
import { toastError, toastSuccess } from '../../../lib/toast';
import { deleteForever, emptyTrash, fetchTrash, restoreObjects } from '../api';

export const trashKey = [...deskKeys.all, 'trash'] as const;

/** The Trash, a page at a time (most recently deleted first). */
export function useTrash() {
  return useInfiniteQuery({
    queryKey: trashKey,
    queryFn: ({ pageParam, signal }) => fetchTrash(pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next ?? undefined,
  });
}

/** Restores, deletes for good, or empties; the Trash and the desk are read again after. */
export function useTrashActions() {
  const client = useQueryClient();
  const settled = () => client.invalidateQueries({ queryKey: deskKeys.all });
  return {
    restore: useMutation({
      mutationFn: (ids: string[]) => restoreObjects(ids),
      onSuccess: ({ count }) => toastSuccess(`${countOf(count, 'item')} restored`),
      onError: (error) => toastError(error),
      onSettled: settled,
    }),
    deleteForever: useMutation({
      mutationFn: (ids: string[]) => deleteForever(ids),
      onSuccess: ({ count }) => toastSuccess(`${countOf(count, 'item')} deleted for good`),
      onError: (error) => toastError(error),
      onSettled: settled,
    }),
    empty: useMutation({
      mutationFn: () => emptyTrash(),
      onSuccess: () => toastSuccess('The Trash is empty'),
      onError: (error) => toastError(error),
      onSettled: settled,
    }),
  };
}
