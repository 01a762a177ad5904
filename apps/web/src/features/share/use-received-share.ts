import { useCallback, useEffect, useState } from 'react';
import { deskKeys } from '../../api/desk-keys';
import { errorMessage } from '../../api/error-message';
import { queryClient } from '../../api/query-client';
import { type ShareOutcome, saveShare } from './save-share';
import { forgetShared, isShareId, openShared } from './share-inbox';
import { planShare, readSharedForm, type SharePlan } from './shared-items';

export type ReceivedShare =
  | { step: 'saving' }
  /** No share under this id: saved already, or dropped after a day. */
  | { step: 'missing' }
  /** Nothing in it could become a desk item. */
  | { step: 'nothing'; skipped: SharePlan['skipped'] }
  | { step: 'done'; outcomes: ShareOutcome[]; skipped: SharePlan['skipped'] }
  | { step: 'error'; detail: string };

// One save per share, however often the page mounts (React's development double mount included).
const running = new Map<string, Promise<ReceivedShare>>();

async function receive(id: string): Promise<ReceivedShare> {
  const form = await openShared(id);
  if (!form) return { step: 'missing' };
  const plan = planShare(readSharedForm(form));
  if (plan.steps.length === 0) {
    await forgetShared(id);
    return { step: 'nothing', skipped: plan.skipped };
  }
  const outcomes = await saveShare(plan.steps);
  // When nothing reached the desk (offline, say) the share is kept, so trying again can save it.
  if (outcomes.some((outcome) => outcome.status !== 'failed')) {
    await forgetShared(id);
    await queryClient.invalidateQueries({ queryKey: deskKeys.all });
  }
  return { step: 'done', outcomes, skipped: plan.skipped };
}

/** Saves the share kept under `id` to the desk (once), and tells how it went. */
export function useReceivedShare(id: string | null) {
  const [state, setState] = useState<ReceivedShare>({ step: 'saving' });
  const [attempt, setAttempt] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` runs it again after `retry`
  useEffect(() => {
    if (!isShareId(id)) return;
    let live = true;
    let job = running.get(id);
    if (!job) {
      job = receive(id);
      running.set(id, job);
    }
    job.then(
      (result) => live && setState(result),
      (error: unknown) => live && setState({ step: 'error', detail: errorMessage(error) }),
    );
    return () => {
      live = false;
    };
  }, [id, attempt]);
  const retry = useCallback(() => {
    if (id) running.delete(id);
    setState({ step: 'saving' });
    setAttempt((n) => n + 1);
  }, [id]);
  return { state: isShareId(id) ? state : null, retry };
}
