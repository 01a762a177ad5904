import { imapAccountSchema, imapRulesSchema } from '@easio/shared';
import type { ConnectionStore } from '../connections.js';
import { SyncError } from '../provider-errors.js';
import type { Source } from '../source.js';
import { createImapConnector, type ImapConnectorOptions } from './imap-connector.js';

/** Mail from any provider over IMAP: the account (password included) is sealed in the connection's tokens. */
export function imapSource(store: ConnectionStore, options: ImapConnectorOptions): Source {
  return {
    service: 'imap',
    provider: 'imap',
    pulls: true,
    deskSource: 'mail',
    settings: imapRulesSchema,
    connect(connection) {
      const account = imapAccountSchema.safeParse(store.tokensOf(connection));
      if (!account.success) throw new SyncError('The mail account is incomplete: connect it again');
      return createImapConnector(account.data, connection.settings, options);
    },
  };
}
