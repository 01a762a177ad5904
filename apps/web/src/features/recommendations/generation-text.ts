import type { GenerationStatus } from '@easio/shared';
import { plural } from '../../lib/plural';

/** A line saying where the generation of suggestions stands, or null when there is nothing to say. */
export function generationText(status: GenerationStatus | undefined): string | null {
  if (!status) return null;
  switch (status.state) {
    case 'queued':
      return 'Getting ready to look at your unfiled items…';
    case 'running':
      return 'Looking at your unfiled items…';
    case 'failed':
      return status.error ?? 'The last look at your unfiled items failed. Try again.';
    case 'done':
      if (status.created > 0) {
        return `Last look: ${status.created} new ${plural(status.created, 'suggestion')} for ${status.unfiled} unfiled ${plural(status.unfiled, 'item')}.`;
      }
      return status.unfiled > 0
        ? `Last look: nothing new to suggest for ${status.unfiled} unfiled ${plural(status.unfiled, 'item')}.`
        : 'Last look: every unfiled item is already in a suggestion.';
    case 'idle':
      return null;
  }
}
