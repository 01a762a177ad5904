import type { DeskObject } from '@easio/shared';
import { errorMessage } from '../../api/error-message';
import { createItem, uploadFile } from '../desk/api';
import type { ShareStep } from './shared-items';

/** How one shared thing went: saved (the new object), already on the desk (that object), or refused. */
export type ShareOutcome =
  | { label: string; status: 'saved' | 'duplicate'; object: Pick<DeskObject, 'id' | 'name'> }
  | { label: string; status: 'failed'; detail: string };

/** Saves the plan's steps one after the other to the desk's root, with the desk's own calls. */
export async function saveShare(steps: ShareStep[]): Promise<ShareOutcome[]> {
  const outcomes: ShareOutcome[] = [];
  for (const step of steps) {
    try {
      if (step.kind === 'item') {
        outcomes.push({ label: step.label, status: 'saved', object: await createItem(step.item) });
        continue;
      }
      const result = await uploadFile({ file: step.file, onDuplicate: 'refuse' });
      const [object] = result.items;
      const [duplicate] = result.duplicates;
      if (object) outcomes.push({ label: step.label, status: 'saved', object });
      else if (duplicate)
        outcomes.push({ label: step.label, status: 'duplicate', object: duplicate.existing });
      else outcomes.push({ label: step.label, status: 'failed', detail: 'The server kept nothing' });
    } catch (error) {
      outcomes.push({ label: step.label, status: 'failed', detail: errorMessage(error) });
    }
  }
  return outcomes;
}
