import {
  type ConnectionService,
  disconnectResultSchema,
  type GmailSettings,
  gmailChoicesSchema,
  gmailSettingsSchema,
  googleStoreTokenResultSchema,
  importFailureListSchema,
  importStartedSchema,
  sourceConnectionListSchema,
} from '@easio/shared';
import { z } from 'zod';
import { type Auth, apiRequest } from '../../api/client';

export type GoogleReturn = 'signup' | 'my-source';

export const fetchSources = (signal?: AbortSignal) =>
  apiRequest('/sources', sourceConnectionListSchema, { signal });

export const syncSource = (service: ConnectionService) =>
  apiRequest(`/sources/${service}/sync`, z.object({ queued: z.literal(true) }), { method: 'POST', json: {} });

export const fetchFailures = (service: ConnectionService, signal?: AbortSignal) =>
  apiRequest(`/sources/${service}/failures`, importFailureListSchema, { signal });

export const retryFailures = (service: ConnectionService, ids?: number[]) =>
  apiRequest(`/sources/${service}/failures/retry`, z.object({ imported: z.number(), failed: z.number() }), {
    json: ids ? { ids } : {},
  });

export const disconnectSource = (service: ConnectionService, deleteItems: boolean) =>
  apiRequest(`/sources/${service}/disconnect`, disconnectResultSchema, {
    json: { delete_items: deleteItems },
  });

/** `GET /google/get_auth_url/{source}`: Google's consent address (spec section 7), for these services. */
export const googleAuthUrl = (
  returnTo: GoogleReturn,
  auth: Auth = 'session',
  services: ConnectionService[] = ['gdrive'],
) =>
  apiRequest(`/google/get_auth_url/${returnTo}?services=${services.join(',')}`, z.string().url(), { auth });

export const fetchGmailLabels = (signal?: AbortSignal) =>
  apiRequest('/sources/gmail/choices', gmailChoicesSchema, { signal });

export const saveGmailSettings = (settings: GmailSettings) =>
  apiRequest('/sources/gmail/settings', gmailSettingsSchema, { method: 'PUT', json: settings });

/** `GET /google/store_token`: hands the server what Google put on the return address. */
export function storeGoogleToken(params: URLSearchParams, returnTo: GoogleReturn, auth: Auth = 'session') {
  const query = new URLSearchParams();
  for (const key of ['state', 'code', 'scope', 'error', 'iss']) {
    const value = params.get(key);
    if (value !== null) query.set(key, value);
  }
  query.set('redirect_path', returnTo);
  return apiRequest(`/google/store_token?${query.toString()}`, googleStoreTokenResultSchema, { auth });
}

/** `GET /google/import_gdrive`: starts the import. */
export const importGoogle = (auth: Auth = 'session') =>
  apiRequest('/google/import_gdrive', importStartedSchema, { auth });
