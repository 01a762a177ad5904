import type { DeskObject } from '@easio/shared';
import { useQuery } from '@tanstack/react-query';
import { fetchFilePreview } from '../api';

/** A file's server-rendered preview; its bytes never change, so it is asked for once per file. */
export function useFilePreview(object: Pick<DeskObject, 'id' | 'sha256'>) {
  return useQuery({
    queryKey: ['desk', 'preview', object.id, object.sha256 ?? ''],
    queryFn: ({ signal }) => fetchFilePreview(object.id, signal),
    staleTime: Number.POSITIVE_INFINITY,
    retry: 1,
  });
}
