import type { ConnectionService, Source as DeskSource } from '@easio/shared';
import type { Source } from './source.js';

/**
 * A source whose items are uploaded (calendar files, mail files) or pushed (WhatsApp): a sync finds
 * nothing to pull and a failed item cannot be fetched again, only uploaded again.
 */
export function uploadedSource(service: ConnectionService, deskSource: DeskSource): Source {
  return {
    service,
    provider: 'files',
    pulls: false,
    deskSource,
    connect: () => ({
      async *pages() {},
      async fetchItem() {
        return null;
      },
    }),
  };
}
