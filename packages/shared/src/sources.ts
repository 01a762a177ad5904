import { z } from 'zod';
import type { Source } from './constants.js';

/** The services a user connects one by one; each is one `source_connections` row. */
export const CONNECTION_SERVICES = [
  'gdrive',
  'gmail',
  'gcalendar',
  'dropbox',
  'whatsapp',
  'ical',
  'webcal',
  'imap',
  'mail_files',
  'bookmarks',
  'linkwarden',
  'karakeep',
  'easio_export',
  'paperless',
] as const;
export type ConnectionService = (typeof CONNECTION_SERVICES)[number];

/** Where each service's items show: their `source` on the desk. */
export const SERVICE_SOURCE: Record<ConnectionService, Source> = {
  gdrive: 'gdrive',
  gmail: 'mail',
  gcalendar: 'calendar',
  dropbox: 'dropbox',
  whatsapp: 'whatsapp',
  ical: 'calendar',
  webcal: 'calendar',
  imap: 'mail',
  mail_files: 'mail',
  // Links moved in from another app are the user's own saved links, as if made in Easio.
  bookmarks: 'easio',
  linkwarden: 'easio',
  karakeep: 'easio',
  // A restored export is the user's own desk again.
  easio_export: 'easio',
  // Documents moved in from Paperless-ngx are the user's own files, as if uploaded to Easio.
  paperless: 'easio',
};

export const SERVICE_LABEL: Record<ConnectionService, string> = {
  gdrive: 'Google Drive',
  gmail: 'Gmail',
  gcalendar: 'Google Calendar',
  dropbox: 'Dropbox',
  whatsapp: 'WhatsApp',
  ical: 'Calendar files',
  webcal: 'Calendar subscriptions',
  imap: 'Mail (IMAP)',
  mail_files: 'Mail files',
  bookmarks: 'Browser bookmarks',
  linkwarden: 'Linkwarden',
  karakeep: 'Karakeep',
  easio_export: 'Easio export',
  paperless: 'Paperless-ngx',
};

/** The apps whose exports are moved in with one upload (`POST /api/imports/{app}`). */
export const MOVE_IN_APPS = ['bookmarks', 'linkwarden', 'karakeep', 'paperless'] as const;
export type MoveInApp = (typeof MOVE_IN_APPS)[number];
export const moveInAppSchema = z.enum(MOVE_IN_APPS);

/** `POST /api/imports/{app}`: what one uploaded export became. */
export const moveInResultSchema = z.object({
  app: moveInAppSchema,
  /** Drawers and binders the export's folders became (new or already there). */
  folders: z.number().int(),
  /** Entries read: links and notes, or a Paperless-ngx export's documents. */
  links: z.number().int(),
  imported: z.number().int(),
  skipped: z.number().int(),
  failed: z.number().int(),
});
export type MoveInResult = z.infer<typeof moveInResultSchema>;

/** `POST /api/account/restore`: what one Easio export became. */
export const restoreResultSchema = z.object({
  /** Objects the export holds (folders included, the desk itself and trashed items not). */
  items: z.number().int(),
  /** Files the export holds. */
  files: z.number().int(),
  imported: z.number().int(),
  /** Already restored from this export before: left as they are. */
  skipped: z.number().int(),
  /** Listed on the Easio export connection with their reason. */
  failed: z.number().int(),
});
export type RestoreResult = z.infer<typeof restoreResultSchema>;

export const connectionServiceSchema = z.enum(CONNECTION_SERVICES);

export const CONNECTION_STATES = ['idle', 'queued', 'syncing', 'failed'] as const;

/** Counts of the current sync (or the last, once it ended). */
export const syncProgressSchema = z.object({
  seen: z.number().int(),
  imported: z.number().int(),
  skipped: z.number().int(),
  failed: z.number().int(),
  removed: z.number().int(),
});
export type SyncProgress = z.infer<typeof syncProgressSchema>;

/** `GET /api/sources`: one connected service. */
export const sourceConnectionSchema = z.object({
  service: connectionServiceSchema,
  account_email: z.string().nullable(),
  state: z.enum(CONNECTION_STATES),
  progress: syncProgressSchema,
  sync_started_at: z.string().nullable(),
  last_sync_at: z.string().nullable(),
  last_error: z.string().nullable(),
  /** Items still listed as failed (each with its reason at `/failures`). */
  failures: z.number().int(),
  /** Items on the desk that this connection brought. */
  items: z.number().int(),
  settings: z.record(z.string(), z.unknown()),
});
export type SourceConnection = z.infer<typeof sourceConnectionSchema>;

export const sourceConnectionListSchema = z.object({ connections: z.array(sourceConnectionSchema) });

export const importFailureSchema = z.object({
  id: z.number().int(),
  external_id: z.string(),
  name: z.string(),
  reason: z.string(),
  attempts: z.number().int(),
  failed_at: z.string(),
});
export type ImportFailure = z.infer<typeof importFailureSchema>;
export const importFailureListSchema = z.object({ failures: z.array(importFailureSchema) });

export const disconnectSourceSchema = z.object({
  /** Also delete every item this connection imported (default: keep them on the desk). */
  delete_items: z.boolean().default(false),
});
export type DisconnectSource = z.input<typeof disconnectSourceSchema>;

export const disconnectResultSchema = z.object({ deleted_items: z.number().int() });

/** Gmail: which labels to import; by default everything but spam and trash. */
export const gmailSettingsSchema = z.strictObject({
  /** Label ids to import (a message with any of them); null: everything but spam and trash. */
  labels: z
    .array(z.string().min(1).max(200))
    .min(1, 'Choose at least one label')
    .max(500)
    .nullable()
    .default(null),
});
export const DEFAULT_GMAIL_EXCLUDED_LABELS = ['SPAM', 'TRASH'] as const;
export type GmailSettings = z.infer<typeof gmailSettingsSchema>;

/** `GET /api/sources/gmail/choices`: the mailbox's labels. */
export const gmailChoicesSchema = z.object({
  labels: z.array(z.object({ id: z.string(), name: z.string() })),
});

/** `GET /api/google/get_auth_url/{source}`: where the consent screen sends the browser back. */
export const GOOGLE_CONNECT_RETURNS = ['signup', 'my-source'] as const;
export const googleConnectReturnSchema = z.enum(GOOGLE_CONNECT_RETURNS);

/** `GET /api/google/store_token`: what the provider put on the return address, passed on by the app. */
export const googleStoreTokenQuerySchema = z.object({
  state: z.string().min(1).max(200),
  code: z.string().min(1).max(4000).optional(),
  scope: z.string().max(4000).optional(),
  error: z.string().max(200).optional(),
  /** The issuer, from providers that name themselves on the return (RFC 9207); Google does not. */
  iss: z.string().max(500).optional(),
  redirect_path: googleConnectReturnSchema.default('my-source'),
});
export const googleStoreTokenResultSchema = z.object({
  status: z.string(),
  services: z.array(connectionServiceSchema),
});
export const importStartedSchema = z.object({ id: z.string(), services: z.array(connectionServiceSchema) });

/** Query parameters Sign in with Google puts on the app's address (spec: Google redirect parameters). */
export const googleSignInReturnSchema = z.object({
  access_token: z.string().min(1),
  token_type: z.string().min(1),
  name: z.string().default(''),
  email: z.string().default(''),
  profile_picture: z.string().default(''),
});

/** `POST /api/whatsapp/chat_exports`: what an uploaded chat export holds, so the user picks whose messages to keep. */
export const chatExportPreviewSchema = z.object({
  /** Names the upload for the import call. */
  id: z.string(),
  file_name: z.string(),
  messages: z.number().int(),
  senders: z.array(z.object({ name: z.string(), messages: z.number().int() })),
  /** Files the export carries (a `.zip` with media). */
  files: z.number().int(),
  /** Messages naming a file the export does not carry (exported without media). */
  missing_files: z.number().int(),
});
export type ChatExportPreview = z.infer<typeof chatExportPreviewSchema>;

export const chatExportImportSchema = z.strictObject({
  keep: z.array(z.string().min(1).max(200)).min(1, 'Choose whose messages to keep').max(1000),
});
export const chatExportResultSchema = z.object({
  imported: z.number().int(),
  skipped: z.number().int(),
  failed: z.number().int(),
});

/** `POST /api/calendars/ics`: what an imported .ics file brought. */
export const icsImportResultSchema = z.object({
  calendar: z.string(),
  events: z.number().int(),
  imported: z.number().int(),
  skipped: z.number().int(),
  /** More events than one import keeps (a recurrence without end): the rest were left out. */
  capped: z.boolean(),
});
