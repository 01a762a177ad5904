import {
  type AcceptRecommendation,
  FILES_MOVED_MESSAGE,
  type GenerationStatus,
  isHighConfidence,
  type Recommendation,
} from '@easio/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { deskKeys } from '../../api/desk-keys';
import { plural } from '../../lib/plural';
import { toastError, toastSuccess } from '../../lib/toast';
import { toastWithUndo } from '../../lib/undo-toast';
import {
  acceptRecommendation,
  deleteRecommendation,
  fetchGenerationStatus,
  fetchRecommendations,
  generateRecommendations,
  undoAccept,
} from './api';

export const recommendationKeys = {
  all: ['recommendations'] as const,
  list: ['recommendations', 'list'] as const,
  status: ['recommendations', 'status'] as const,
};

const isActive = (status: GenerationStatus | undefined) =>
  status?.state === 'queued' || status?.state === 'running';

/** While a generation runs, its state is asked every second; otherwise now and then, to notice runs started by uploads. */
const ACTIVE_POLL_MS = 1000;
const IDLE_POLL_MS = 20_000;

export function useRecommendations() {
  return useQuery({
    queryKey: recommendationKeys.list,
    queryFn: ({ signal }) => fetchRecommendations(signal),
  });
}

/** Where the user's generation stands; when a run finishes, the list is fetched again. */
export function useGenerationStatus() {
  const client = useQueryClient();
  const status = useQuery({
    queryKey: recommendationKeys.status,
    queryFn: ({ signal }) => fetchGenerationStatus(signal),
    refetchInterval: (query) => (isActive(query.state.data) ? ACTIVE_POLL_MS : IDLE_POLL_MS),
  });
  const finishedAt = status.data?.finished_at ?? null;
  const seen = useRef<string | null | undefined>(undefined);
  useEffect(() => {
    if (seen.current !== undefined && finishedAt !== seen.current) {
      void client.invalidateQueries({ queryKey: recommendationKeys.list });
    }
    seen.current = finishedAt;
  }, [finishedAt, client]);
  return status;
}

export function useGenerateNow() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: generateRecommendations,
    onSuccess: (status) => client.setQueryData(recommendationKeys.status, status),
    onError: (error) => toastError(error),
  });
}

/** Undoes accepts: their items back on the desk as they were, the suggestions listed again. */
async function undoAccepts(client: ReturnType<typeof useQueryClient>, ids: number[]) {
  let moved = 0;
  try {
    for (const id of ids) moved += (await undoAccept(id)).moved;
    toastSuccess(`Filing undone: ${moved} ${plural(moved, 'item')} back on the desk`);
  } catch (error) {
    toastError(error);
  } finally {
    void client.invalidateQueries({ queryKey: deskKeys.all });
    void client.invalidateQueries({ queryKey: recommendationKeys.list });
  }
}

function dropFromList(client: ReturnType<typeof useQueryClient>, ids: number[]) {
  client.setQueryData<Recommendation[]>(recommendationKeys.list, (list) =>
    list?.filter((r) => !ids.includes(r.id)),
  );
}

/**
 * Accepting files the items; the recommendation leaves the list and the desk is fetched again. The
 * toast offers Undo.
 */
export function useAcceptRecommendation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: AcceptRecommendation) => acceptRecommendation(input),
    onSuccess: (_result, input) => {
      toastWithUndo(FILES_MOVED_MESSAGE, () => void undoAccepts(client, [input.id]));
      dropFromList(client, [input.id]);
      void client.invalidateQueries({ queryKey: deskKeys.all });
      void client.invalidateQueries({ queryKey: recommendationKeys.list });
    },
    onError: (error) => {
      toastError(error);
      // A 409 means the desk changed meanwhile: show what is true now.
      void client.invalidateQueries({ queryKey: recommendationKeys.list });
    },
  });
}

export function useDismissRecommendation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => deleteRecommendation(id),
    onSuccess: (_result, id) => {
      toastSuccess('Suggestion dismissed: it will not be proposed again');
      dropFromList(client, [id]);
    },
    onError: (error) => {
      toastError(error);
      void client.invalidateQueries({ queryKey: recommendationKeys.list });
    },
  });
}

/** Accepts every sure suggestion as proposed (first drawer and binder name, its tags, all its items). */
export function useAcceptAllSure() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (recs: Recommendation[]) => {
      const accepted: number[] = [];
      let items = 0;
      const failed: string[] = [];
      for (const rec of recs.filter(isHighConfidence)) {
        const drawer = rec.drawer_name_options[0];
        const binder = rec.binder_name_options[0];
        if (!drawer || !binder) continue;
        try {
          const result = await acceptRecommendation({
            id: rec.id,
            drawer_name: drawer,
            binder_name: binder,
            tags: rec.tags,
            object_ids: rec.object_ids,
          });
          accepted.push(rec.id);
          items += result.moved;
        } catch {
          failed.push(binder);
        }
      }
      return { accepted, items, failed };
    },
    onSuccess: ({ accepted, items, failed }) => {
      const groups = accepted.length;
      if (groups > 0) {
        toastWithUndo(
          `${FILES_MOVED_MESSAGE}: ${items} ${plural(items, 'item')} in ${groups} ${plural(groups, 'binder')}`,
          () => void undoAccepts(client, accepted),
        );
      }
      if (failed.length > 0)
        toastError(new Error(`Not filed: ${failed.join(', ')}. Review them one by one.`));
    },
    onSettled: () => {
      void client.invalidateQueries({ queryKey: deskKeys.all });
      void client.invalidateQueries({ queryKey: recommendationKeys.list });
    },
  });
}
