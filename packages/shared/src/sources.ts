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

/** The services whose uploads are imported in the background, step by step (`/api/imports/runs`). */
export const IMPORT_SERVICES = [...MOVE_IN_APPS, 'easio_export'] as const;
export type ImportService = (typeof IMPORT_SERVICES)[number];

/**
 * An uploaded export's import: `queued`, `running`, `interrupted` (the server stopped under it: Resume
 * goes on where it stopped), `failed` (with `error`; Resume tries again) or `done`. Until it is done the
 * upload is kept on the server, so Resume needs no new upload; Discard removes it.
 */
export const IMPORT_STATES = ['queued', 'running', 'interrupted', 'failed', 'done'] as const;
export type ImportState = (typeof IMPORT_STATES)[number];

/** `POST /api/imports/{app}`, `POST /api/account/restore` and `/api/imports/runs`: one uploaded export's import. */
export const importRunSchema = z.object({
  id: z.uuid(),
  service: z.enum(IMPORT_SERVICES),
  state: z.enum(IMPORT_STATES),
  file_name: z.string(),
  size: z.number().int(),
  /**
   * What the upload holds, counted when it was checked: `folders` and `links` (entries read: links and
   * notes, or a Paperless-ngx export's documents) for a move-in; `items` (folders included, the desk
   * itself and trashed items not) and `files` for an Easio export.
   */
  totals: z.record(z.string(), z.number().int()),
  /** Steps (batches of at most a few hundred items) stored so far, of `steps`. */
  position: z.number().int(),
  steps: z.number().int(),
  /** So far while it runs (live), final once done; `skipped`: already on the desk, left as they are. */
  counts: z.object({
    seen: z.number().int(),
    imported: z.number().int(),
    skipped: z.number().int(),
    failed: z.number().int(),
  }),
  error: z.string().nullable(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});
export type ImportRun = z.infer<typeof importRunSchema>;
export const importRunListSchema = z.object({ imports: z.array(importRunSchema) });
export const importDiscardedSchema = z.object({ discarded: z.literal(true) });

export const connectionServiceSchema = z.enum(CONNECTION_SERVICES);

/** `interrupted`: an uploaded export's import was cut off by a server stop (see `IMPORT_STATES`). */
export const CONNECTION_STATES = ['idle', 'queued', 'syncing', 'failed', 'interrupted'] as const;

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
