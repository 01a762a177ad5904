import { type ConnectionService, gmailSettingsSchema } from '@easio/shared';
import type { SourceConnectionRow } from '../../db/schema.js';
import { connectionTokens } from '../connection-tokens.js';
import type { ConnectionStore } from '../connections.js';
import type { Source } from '../source.js';
import { createCalendarConnector } from './calendar.js';
import { createDriveConnector } from './drive.js';
import { createGmailConnector } from './gmail.js';
import { createGoogleApi } from './google-api.js';
import type { GoogleOAuth } from './google-oauth.js';

/** The read-only scope each Google service needs. */
export const GOOGLE_SERVICE_SCOPES: Partial<Record<ConnectionService, string>> = {
  gdrive: 'https://www.googleapis.com/auth/drive.readonly',
  gmail: 'https://www.googleapis.com/auth/gmail.readonly',
  gcalendar: 'https://www.googleapis.com/auth/calendar.readonly',
};

export const GOOGLE_IDENTITY_SCOPES = ['openid', 'email', 'profile'];

export interface GoogleSourceOptions {
  apiUrl: string;
  oauth: GoogleOAuth;
  store: ConnectionStore;
  /** Waits between retries of rate-limited calls (tests make them instant). */
  sleep?: (ms: number) => Promise<void>;
}

/** Google's services as sources, each calling the API as the connection's account. */
export function createGoogleSources({ apiUrl, oauth, store, sleep }: GoogleSourceOptions): Source[] {
  const apiFor = (connection: SourceConnectionRow) =>
    createGoogleApi({ baseUrl: apiUrl, tokens: connectionTokens(store, oauth, connection), sleep });
  return [
    {
      service: 'gdrive',
      provider: 'google',
      pulls: true,
      deskSource: 'gdrive',
      connect: (connection) => createDriveConnector(apiFor(connection)),
    },
    {
      service: 'gmail',
      provider: 'google',
      pulls: true,
      deskSource: 'mail',
      settings: gmailSettingsSchema,
      connect: (connection) => createGmailConnector(apiFor(connection), connection.settings),
    },
    {
      service: 'gcalendar',
      provider: 'google',
      pulls: true,
      deskSource: 'calendar',
      connect: (connection) => createCalendarConnector(apiFor(connection)),
    },
  ];
}

/** The services whose scope Google granted. */
export function grantedServices(scopes: string[]): ConnectionService[] {
  return (Object.entries(GOOGLE_SERVICE_SCOPES) as [ConnectionService, string][])
    .filter(([, scope]) => scopes.includes(scope))
    .map(([service]) => service);
}
