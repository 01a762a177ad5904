import { useCallback, useEffect, useState } from 'react';
import { deskKeys } from '../../api/desk-keys';
import { errorMessage } from '../../api/error-message';
import { queryClient } from '../../api/query-client';
import { type ShareOutcome, saveShare } from './save-share';
import { forgetShared, isShareId, openShared } from './share-inbox';
import { planShare, readSharedForm, type SharePlan, type ShareStep } from './shared-items';

export type ReceivedShare =
  | { step: 'opening' }
  /** No share under this id: saved or discarded already, or dropped after a day. */
  | { step: 'missing' }
  /** Nothing in it could become a desk item. */
  | { step: 'nothing'; skipped: SharePlan['skipped'] }
  /** What arrived, shown for the person to check: nothing has been sent anywhere. */
  | { step: 'review'; plan: SharePlan }
  | { step: 'saving' }
  /** `chosen` is what the person chose to save, for *Try again* when none of it reached the desk. */
  | { step: 'done'; outcomes: ShareOutcome[]; skipped: SharePlan['skipped']; chosen: ShareStep[] }
  | { step: 'discarded' }
  | { step: 'error'; detail: string };

async function open(id: string): Promise<ReceivedShare> {
  const form = await openShared(id);
  if (!form) return { step: 'missing' };
  const plan = planShare(readSharedForm(form));
  if (plan.steps.length === 0) {
    await forgetShared(id);
    return { step: 'nothing', skipped: plan.skipped };
  }
  return { step: 'review', plan };
}

async function save(id: string, chosen: ShareStep[], skipped: SharePlan['skipped']): Promise<ReceivedShare> {
  const outcomes = await saveShare(chosen);
  // When nothing reached the desk (offline, say) the share is kept, so trying again can save it.
  if (outcomes.some((outcome) => outcome.status !== 'failed')) {
    await forgetShared(id);
    await queryClient.invalidateQueries({ queryKey: deskKeys.all });
  }
  return { step: 'done', outcomes, skipped, chosen };
}

/**
 * The share kept under `id`, read from the share inbox and shown; it is sent to the desk only by
 * `save` (what the person kept of it), and `discard` forgets it.
 */
export function useReceivedShare(id: string | null) {
  const [state, setState] = useState<ReceivedShare>({ step: 'opening' });
  const [opened, setOpened] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `opened` reads the share again after `reopen`
  useEffect(() => {
    if (!isShareId(id)) return;
    let live = true;
    open(id).then(
      (result) => live && setState(result),
      (error: unknown) => live && setState({ step: 'error', detail: errorMessage(error) }),
    );
    return () => {
      live = false;
    };
  }, [id, opened]);

  const run = useCallback((job: () => Promise<ReceivedShare>) => {
    job().then(setState, (error: unknown) => setState({ step: 'error', detail: errorMessage(error) }));
  }, []);
  const saveChosen = useCallback(
    (chosen: ShareStep[], skipped: SharePlan['skipped']) => {
      if (!isShareId(id)) return;
      setState({ step: 'saving' });
      run(() => save(id, chosen, skipped));
    },
    [id, run],
  );
  const discard = useCallback(() => {
    if (!isShareId(id)) return;
    run(async () => {
      await forgetShared(id);
      return { step: 'discarded' };
    });
  }, [id, run]);
  const reopen = useCallback(() => {
    setState({ step: 'opening' });
    setOpened((n) => n + 1);
  }, []);
  return { state: isShareId(id) ? state : null, save: saveChosen, discard, reopen };
}
