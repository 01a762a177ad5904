import {
  type ImapAccount,
  type ImapRules,
  imapChoicesSchema,
  imapRulesSchema,
  mailImportResultSchema,
  sourceConnectionSchema,
} from '@easio/shared';
import { z } from 'zod';
import { apiRequest } from '../../api/client';
import { apiUpload } from '../../api/upload';

const connected = z.object({ connection: sourceConnectionSchema, folders: imapChoicesSchema.shape.folders });

export const connectImap = (account: ImapAccount, rules?: z.input<typeof imapRulesSchema>) =>
  apiRequest('/mail/imap/connect', connected, { json: rules ? { ...account, rules } : account });

/** The connected mailbox's new password: the server signs in with it before keeping it. */
export const updateImapPassword = (password: string) =>
  apiRequest('/mail/imap/password', connected, { json: { password } });

export const fetchImapFolders = (signal?: AbortSignal) =>
  apiRequest('/sources/imap/choices', imapChoicesSchema, { signal });

export const saveImapRules = (rules: z.input<typeof imapRulesSchema>) =>
  apiRequest('/sources/imap/settings', imapRulesSchema, { method: 'PUT', json: rules });

export type { ImapRules };

export function uploadMailFiles(files: File[], onProgress: (percent: number | null) => void) {
  const body = new FormData();
  for (const file of files) body.append('files', file);
  return apiUpload('/mail/files', body, mailImportResultSchema, {
    onProgress: (loaded, total) => onProgress(total ? (loaded / total) * 100 : null),
  });
}
