import type { AgeConfirmation } from '@easio/shared';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  real,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

// Millisecond precision, as JavaScript dates have: a timestamp read back and sent as a paging cursor
// then compares equal to the stored one.
const ms = { withTimezone: true, precision: 3 } as const;
const timestamps = {
  createdAt: timestamp(ms).notNull().defaultNow(),
  updatedAt: timestamp(ms).notNull().defaultNow(),
};

export const users = pgTable(
  'users',
  {
    id: uuid().primaryKey().defaultRandom(),
    username: text().notNull(),
    email: text().notNull(),
    passwordHash: text().notNull(),
    firstName: text().notNull().default(''),
    lastName: text().notNull().default(''),
    gender: text().notNull().default(''),
    dob: date({ mode: 'string' }),
    picture: text(),
    region: text(),
    phoneNumber: text(),
    whatsappActive: boolean().notNull().default(false),
    dropboxActive: boolean().notNull().default(false),
    gdriveActive: boolean().notNull().default(false),
    gmailActive: boolean().notNull().default(false),
    onboardingCompleted: boolean().notNull().default(false),
    /**
     * How the account met the age rule at sign-up: 'adult' (18 or over) or 'guardian' (a parent or
     * guardian consents for a minor), and when. Null for accounts made before it was asked, and for
     * accounts made by Sign in with Google from the login page.
     */
    ageConfirmation: text().$type<AgeConfirmation>(),
    ageConfirmedAt: timestamp(ms),
    /** The Google account (OpenID `sub`) that signs in as this user; null for password-only accounts. */
    googleSub: text(),
    /** Set once, in the sign-up transaction, right after the root folder is made. */
    rootFolder: uuid().references((): AnyPgColumn => objects.id),
    /** Tokens issued before this instant are refused (set when the password changes). */
    /** Which notifications the user wants (`notificationPrefsSchema`); missing keys take their defaults. */
    notificationPrefs: jsonb().$type<Record<string, boolean>>().notNull().default({}),
    tokensValidAfter: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** When the user proved they read mail at `email` (a link we sent, or Google's word); null: not yet. */
    emailVerifiedAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`),
    uniqueIndex('users_username_lower_key').on(sql`lower(${t.username})`),
    uniqueIndex('users_google_sub_key').on(t.googleSub),
    check('users_age_confirmation_check', sql`${t.ageConfirmation} IN ('adult', 'guardian')`),
  ],
);

/** The desk tree and every item on it. */
export const objects = pgTable(
  'objects',
  {
    id: uuid().primaryKey().defaultRandom(),
    ownerId: uuid()
      .notNull()
      .references((): AnyPgColumn => users.id, { onDelete: 'cascade' }),
    parentId: uuid().references((): AnyPgColumn => objects.id, { onDelete: 'cascade' }),
    dataType: text().notNull(),
    source: text().notNull().default('easio'),
    name: text().notNull().default(''),
    url: text(),
    content: text(),
    mimeType: text(),
    size: bigint({ mode: 'number' }),
    blobKey: text(),
    sha256: text(),
    externalId: text(),
    metadata: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    tags: text().array().notNull().default(sql`'{}'::text[]`),
    binderState: text(),
    /** When the item was made at its source (falls back to createdAt where unknown). */
    sourceCreatedAt: timestamp(ms),
    /** A file kept as a link to another object that has the same bytes. */
    duplicateOf: uuid().references((): AnyPgColumn => objects.id, { onDelete: 'set null' }),
    thumbnailKey: text(),
    /** The source connection that imported it (so disconnecting can offer to delete what it brought). */
    connectionId: uuid().references((): AnyPgColumn => sourceConnections.id, { onDelete: 'set null' }),
    /** Background processing of a file (text, thumbnail, EXIF): null when there is none to do. */
    jobState: text(),
    jobError: text(),
    /**
     * Times processing of the file started without finishing (counted before the work starts, cleared
     * when it ends): a file that stopped the server while it was read is not tried again and again.
     */
    jobAttempts: smallint().notNull().default(0),
    /**
     * Reading text out of a scan or a photo (OCR), a job of its own after the file's processing: null when
     * the file needs none (it carries its text, or is no picture or PDF). `ocrConfidence` is tesseract's
     * mean word confidence, 0–100; `ocrPages` how many pages (or 1 for an image) were read.
     */
    ocrState: text(),
    ocrError: text(),
    ocrConfidence: real(),
    ocrPages: integer(),
    /**
     * Where `sourceCreatedAt` came from when processing set it: `photo` (EXIF date taken) or `document` (a
     * date written in its text). Null when the source gave it (or there is none: then it arrived).
     */
    dateSource: text(),
    /**
     * When it went to the Trash (with everything inside it): null while on the desk. What was deleted
     * itself has no parent while in the Trash, and `trashedFrom` says where it was.
     */
    trashedAt: timestamp(ms),
    trashedFrom: uuid().references((): AnyPgColumn => objects.id, { onDelete: 'set null' }),
    /**
     * Counts changes of what its user edits (name, text, address, tags, place): one more at each, by a
     * trigger whoever writes (migration 0017). An edit naming the version it started from is refused
     * when the object has moved on since (desk/service.ts), so no one overwrites unseen changes.
     */
    version: integer().notNull().default(1),
    ...timestamps,
    /** The date an item is sorted and searched by: made at its source, else arrived. */
    itemDate: timestamp(ms).notNull().generatedAlwaysAs(sql`coalesce(source_created_at, created_at)`),
    /**
     * The name as listings sort it (natural order: numbers by value, case and accents ignored), made by
     * `easio_sort_name` and compared byte by byte (`COLLATE "C"`): see the migration 0018_natural_sort.sql.
     */
    sortName: text().notNull().generatedAlwaysAs(sql`easio_sort_name(name)`),
    /** Drawers, binders (and the root): listed before the items beside them, in either order. */
    isFolder: boolean()
      .notNull()
      .generatedAlwaysAs(sql`data_type IN ('root_object', 'drawer_object', 'binder_object')`),
    // Not declared here on purpose: `search_document` (a generated, weighted tsvector) and the search
    // indexes live in the hand-written migration 0002_search.sql, so that ordinary selects of whole
    // rows never read the vector. Only the search statement (search/) uses them.
  },
  (t) => [
    uniqueIndex('objects_owner_source_external_key').on(t.ownerId, t.source, t.externalId),
    // Keyset paging of a folder by each sort key, its folders and its items each a range of the index
    // (a btree serves both directions).
    index('objects_parent_date_idx').on(t.ownerId, t.parentId, t.isFolder, t.itemDate, t.id),
    index('objects_parent_name_idx').on(t.ownerId, t.parentId, t.isFolder, t.sortName, t.id),
    index('objects_parent_size_idx').on(
      t.ownerId,
      t.parentId,
      t.isFolder,
      sql`coalesce(${t.size}, -1)`,
      t.id,
    ),
    index('objects_parent_kind_idx').on(t.ownerId, t.parentId, t.isFolder, t.dataType, t.sortName, t.id),
    // The per-source desk pages and the gallery list items across folders.
    index('objects_source_date_idx').on(t.ownerId, t.source, t.itemDate, t.id),
    index('objects_owner_date_idx').on(t.ownerId, t.itemDate, t.id),
    index('objects_owner_sha256_idx').on(t.ownerId, t.sha256),
    index('objects_duplicate_of_idx').on(t.duplicateOf),
    index('objects_connection_idx').on(t.connectionId),
    // The Trash's listing and its emptying after TRASH_DAYS.
    index('objects_trash_idx').on(t.ownerId, t.trashedAt).where(sql`trashed_at IS NOT NULL`),
    index('objects_trashed_from_idx').on(t.trashedFrom),
    // Start-up's re-queue of what a crash left waiting (jobs/requeue.ts): only those rows, in id order.
    index('objects_job_pending_idx').on(t.id).where(sql`job_state = 'pending'`),
    index('objects_ocr_pending_idx').on(t.id).where(sql`ocr_state IN ('pending', 'reading')`),
  ],
);

/**
 * A user's link to one service of a provider (Google Drive, Gmail, Google Calendar…): its OAuth
 * tokens sealed with the server's key, where the last sync stopped, and the progress of the current
 * or last sync (published live through the `sources` topic).
 */
export const sourceConnections = pgTable(
  'source_connections',
  {
    id: uuid().primaryKey().defaultRandom(),
    ownerId: uuid()
      .notNull()
      .references((): AnyPgColumn => users.id, { onDelete: 'cascade' }),
    /** `gdrive`, `gmail`, `gcalendar`… (shared `CONNECTION_SERVICES`). */
    service: text().notNull(),
    /** The account at the provider, as it names itself (an e-mail address). */
    accountEmail: text(),
    /** `sealTokens` of the OAuth tokens: never stored or logged in the clear. */
    tokens: text().notNull(),
    scopes: text().array().notNull().default(sql`'{}'::text[]`),
    /** Where the next sync starts (the service's own shape); null before the first. */
    cursor: jsonb().$type<Record<string, unknown>>(),
    /** The user's choices for this service (Gmail's labels…). */
    settings: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    /** `idle`, `queued`, `syncing` or `failed` (the last sync stopped on an error: `lastError`). */
    state: text().notNull().default('idle'),
    seen: integer().notNull().default(0),
    imported: integer().notNull().default(0),
    skipped: integer().notNull().default(0),
    failed: integer().notNull().default(0),
    removed: integer().notNull().default(0),
    syncStartedAt: timestamp(ms),
    lastSyncAt: timestamp(ms),
    lastError: text(),
    ...timestamps,
  },
  (t) => [uniqueIndex('source_connections_owner_service_key').on(t.ownerId, t.service)],
);

/** Items a sync could not import, with the reason; a later sync or a retry that succeeds removes them. */
export const importFailures = pgTable(
  'import_failures',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    connectionId: uuid()
      .notNull()
      .references(() => sourceConnections.id, { onDelete: 'cascade' }),
    externalId: text().notNull(),
    name: text().notNull(),
    reason: text().notNull(),
    attempts: integer().notNull().default(1),
    failedAt: timestamp(ms).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('import_failures_connection_item_key').on(t.connectionId, t.externalId)],
);

/**
 * Uploaded exports being moved in or restored (`sources/imports/`): the upload is kept under
 * `DATA_DIR/imports/<id>` until the import is done or discarded, and a job stores it step by step,
 * `position` saying how many steps are stored, so a stopped import goes on from there.
 */
export const imports = pgTable(
  'imports',
  {
    id: uuid().primaryKey().defaultRandom(),
    ownerId: uuid()
      .notNull()
      .references((): AnyPgColumn => users.id, { onDelete: 'cascade' }),
    connectionId: uuid()
      .notNull()
      .references(() => sourceConnections.id, { onDelete: 'cascade' }),
    /** The connection's service: `bookmarks`, `linkwarden`, `karakeep`, `paperless` or `easio_export`. */
    service: text().notNull(),
    /** `queued`, `running`, `interrupted` (the server stopped under it), `failed` (`error`) or `done`. */
    state: text().notNull().default('queued'),
    fileName: text().notNull(),
    size: bigint({ mode: 'number' }).notNull(),
    /** What the whole-file check counted (folders and links, or items and files). */
    totals: jsonb().$type<Record<string, number>>().notNull().default({}),
    /** Steps stored so far, of `steps`. */
    position: integer().notNull().default(0),
    steps: integer().notNull().default(0),
    /** Counts of this import (seen, imported, skipped, failed), kept once it is done. */
    counts: jsonb().$type<Record<string, number>>().notNull().default({}),
    error: text(),
    /** Touched while a worker runs it: a `running` import not touched for long was cut off by a crash. */
    heartbeatAt: timestamp(ms),
    finishedAt: timestamp(ms),
    ...timestamps,
  },
  (t) => [index('imports_owner_idx').on(t.ownerId, t.createdAt), index('imports_state_idx').on(t.state)],
);

/**
 * OAuth round trips in flight: the random `state` (stored hashed) is single-use and short-lived, and
 * holds what the return needs (PKCE verifier, OpenID nonce, who asked, where to go back).
 */
export const oauthStates = pgTable('oauth_states', {
  stateHash: text().primaryKey(),
  /** `signin` (Sign in with Google) or `connect` (link a service to the signed-in user). */
  purpose: text().notNull(),
  ownerId: uuid().references(() => users.id, { onDelete: 'cascade' }),
  provider: text().notNull(),
  redirectPath: text().notNull(),
  codeVerifier: text().notNull(),
  nonce: text(),
  /** Sign up with Google: the age confirmation given on the sign-up page, for the account it makes. */
  ageConfirmation: text().$type<AgeConfirmation>(),
  expiresAt: timestamp({ withTimezone: true }).notNull(),
});

/**
 * Sign-ins: each token names its session (`sid`), so the user can see where they are signed in and
 * end any one of them; a token of an ended session is refused.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid().primaryKey().defaultRandom(),
    ownerId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    userAgent: text().notNull().default(''),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp({ withTimezone: true }),
    /** sha256 of the browser's `easio_device` cookie at this sign-in: a known device (auth/devices.ts). */
    deviceHash: text(),
  },
  (t) => [
    index('sessions_owner_idx').on(t.ownerId, t.createdAt),
    index('sessions_device_idx').on(t.deviceHash),
  ],
);

/**
 * Tokens the user makes for a client of their own (the browser extension): only the hash is kept, each
 * has scopes, its last use is recorded, and it works until revoked.
 */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: uuid().primaryKey().defaultRandom(),
    ownerId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    /** SHA-256 of the token, hex. */
    tokenHash: text().notNull().unique(),
    /** The token's first characters, to tell tokens apart in the list. */
    prefix: text().notNull(),
    scopes: text().array().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp({ withTimezone: true }),
    revokedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('api_tokens_owner_idx').on(t.ownerId, t.createdAt)],
);
export type ApiTokenRow = typeof apiTokens.$inferSelect;

/** Short-lived permission to download several objects as one ZIP by plain navigation. */
export const downloadTickets = pgTable('download_tickets', {
  id: uuid().primaryKey().defaultRandom(),
  ownerId: uuid()
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  objectIds: uuid().array().notNull(),
  /** `zip`: the chosen objects; `export`: everything of the owner (objects, history and files). */
  purpose: text().notNull().default('zip'),
  expiresAt: timestamp({ withTimezone: true }).notNull(),
});

/**
 * Single-use links sent by e-mail: a password reset, or the proof that the user reads `email`. Only the
 * token's hash is kept; a token is spent by setting `usedAt` (once), and is worthless after `expiresAt`.
 */
export const emailTokens = pgTable(
  'email_tokens',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** `reset_password` or `verify_email`. */
    purpose: text().notNull(),
    /** SHA-256 of the token, hex. */
    tokenHash: text().notNull().unique(),
    /** The address the link was sent to: a verification proves this one, not a later one. */
    email: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('email_tokens_user_idx').on(t.userId, t.purpose)],
);

/** Requests that send mail (password resets, verification links), per address and client, for throttling. */
export const mailRequests = pgTable(
  'mail_requests',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    key: text().notNull(),
    requestedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('mail_requests_key_time_idx').on(t.key, t.requestedAt)],
);

/**
 * Failed sign-ins, for throttling guesses across every API replica (see auth/throttle.ts): one row per
 * key an attempt was counted on (`pair:`, `address:`, `device:`), `pending` while its password is being
 * checked. `account` names the account tried (`user:<id>`, or `login:<name>` for none) on pair and
 * device rows.
 */
export const loginFailures = pgTable(
  'login_failures',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    key: text().notNull(),
    account: text(),
    pending: boolean().notNull().default(false),
    failedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('login_failures_key_time_idx').on(t.key, t.failedAt),
    index('login_failures_account_time_idx').on(t.account, t.failedAt),
    index('login_failures_time_idx').on(t.failedAt),
  ],
);

/**
 * Groups of unfiled items the engine proposes to file together. `ignored` is set when the user
 * deletes one (and when they accept it, with `accepted_at`), so open ones are those not ignored; the
 * identity id makes "newest first" id order.
 */
export const recommendations = pgTable(
  'recommendations',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    ownerId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    objectIds: uuid().array().notNull(),
    drawerNameOptions: text().array().notNull(),
    binderNameOptions: text().array().notNull(),
    tags: text().array().notNull(),
    /** The existing binder the items fit, or null for a new one. */
    binderId: uuid().references((): AnyPgColumn => objects.id, { onDelete: 'set null' }),
    ignored: boolean().notNull().default(false),
    acceptedAt: timestamp(ms),
    /** What an accept did, so it can be undone exactly: the items with the tags they had, the folders it made. */
    acceptRecord: jsonb().$type<AcceptRecord>(),
    /** How sure the engine was of the group, 0–1. */
    score: doublePrecision().notNull(),
    modelVersion: text().notNull(),
    createdAt: timestamp(ms).notNull().defaultNow(),
  },
  (t) => [index('recommendations_owner_open_idx').on(t.ownerId, t.id).where(sql`NOT ${t.ignored}`)],
);

/** What accepting a recommendation changed (`recommendations.accept_record`). */
export interface AcceptRecord {
  binderId: string;
  items: { id: string; tags: string[] }[];
  /** The drawer and binder the accept made (null: they were already there). */
  createdDrawer: string | null;
  createdBinder: string | null;
}

/** Every filing the user made or accepted, and every proposal they dismissed: the engine learns from them. */
export const filingEvents = pgTable(
  'filing_events',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    ownerId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    objectId: uuid()
      .notNull()
      .references(() => objects.id, { onDelete: 'cascade' }),
    binderId: uuid()
      .notNull()
      .references(() => objects.id, { onDelete: 'cascade' }),
    /** `moved` (by the user), `accepted` (a recommendation) or `dismissed` (a deleted recommendation). */
    kind: text().notNull(),
    recommendationId: bigint({ mode: 'number' }).references(() => recommendations.id, {
      onDelete: 'set null',
    }),
    createdAt: timestamp(ms).notNull().defaultNow(),
  },
  (t) => [
    index('filing_events_owner_idx').on(t.ownerId, t.id),
    index('filing_events_object_idx').on(t.objectId),
    index('filing_events_binder_idx').on(t.binderId),
  ],
);

/** Where each user's recommendation generation stands: one row per user, one run at a time. */
export const recommendationRuns = pgTable('recommendation_runs', {
  ownerId: uuid()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** `queued`, `running`, `done` or `failed`. */
  state: text().notNull(),
  /** Set when another run is asked for while one runs: the running one goes once more. */
  again: boolean().notNull().default(false),
  requestedAt: timestamp(ms),
  startedAt: timestamp(ms),
  finishedAt: timestamp(ms),
  created: integer().notNull().default(0),
  unfiled: integer().notNull().default(0),
  error: text(),
});

export type UserRow = typeof users.$inferSelect;
export type ObjectRow = typeof objects.$inferSelect;
export type SourceConnectionRow = typeof sourceConnections.$inferSelect;
export type ImportRow = typeof imports.$inferSelect;
export type RecommendationRow = typeof recommendations.$inferSelect;
