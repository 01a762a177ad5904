import type { Readable } from 'node:stream';
import type { ConnectionService, DataType, Source as DeskSource } from '@easio/shared';
import type { ZodType } from 'zod';
import type { SourceConnectionRow } from '../db/schema.js';

/** One record of the provider, mapped to what the desk stores. */
export interface ImportedItem {
  /** The provider's id: with the owner and the desk source, the key that makes re-imports update. */
  externalId: string;
  dataType: DataType;
  name: string;
  url?: string | null;
  content?: string | null;
  mimeType?: string | null;
  metadata: Record<string, unknown>;
  sourceCreatedAt?: Date | null;
  /** Changes whenever the record does: an item stored with the same version is skipped unfetched. */
  version: string;
  /** The size the provider gives, so a file over the limit fails without being downloaded. */
  size?: number | null;
  /** The file's bytes, asked for only when the item is new or changed. */
  body?: () => Promise<Readable>;
  /** Text for search fetched beside the bytes (a Google Doc's plain-text export). */
  text?: () => Promise<string | null>;
  /** A link whose page is read for a preview once stored (links people send; not a provider's own pages). */
  previewLink?: boolean;
  /** The external id of the item it is attached to (an e-mail's): linked as `metadata.email_id`. */
  attachmentOf?: string;
  /**
   * The external id of a drawer or binder of the same source, stored before it, that a new item lands in
   * (an export's folders); absent, or not stored, it lands unfiled on the desk. A stored item stays where it is.
   */
  placeIn?: string;
  /** A folder of the owner's already on the desk (by its object id) that a new item lands in, before `placeIn`. */
  placeInFolder?: string;
  /** Tags a new item starts with (an export's tags); a stored item keeps the tags it has. */
  tags?: string[];
  /** Items attached to it (an e-mail's files), stored after it and removed with it. */
  attachments?: ImportedItem[];
}

/** One page of what changed at the provider since the cursor. */
export interface SyncPage {
  items: ImportedItem[];
  /** External ids of records deleted (or trashed) at the provider. */
  removed: string[];
  /**
   * Paths deleted at the provider (`metadata.path_lower`), for providers whose deletions name paths:
   * the item at that path and every item under it go.
   */
  removedPaths?: string[];
  /** Where the next sync (or the next page) starts: saved once this page is stored. */
  cursor: Record<string, unknown>;
  /** Records the provider listed but would not hand over (each listed as failed, with its reason). */
  failed?: { externalId: string; name: string; reason: string }[];
  /**
   * For providers that cannot name what they deleted (an IMAP folder, a calendar feed): every record now
   * under `scope`, by its `metadata.sync_key`. Stored items of the scope (`metadata.sync_scope`) whose key
   * is not listed are gone at the provider and leave the desk. An item that may sit in several places at
   * once (an IMAP message in two folders) keeps them in `metadata.sync_places` (scope → key) instead: it
   * loses the places not listed, and leaves the desk once it is in none.
   */
  present?: { scope: string; keys: string[] }[];
}

/** A connected service, able to list its changes and fetch one record. */
export interface Connector {
  /** Pages of changes after `cursor` (null: everything there is), ending when up to date. */
  pages(cursor: Record<string, unknown> | null): AsyncIterable<SyncPage>;
  /** One record again (a retry of a failed item); null when it no longer exists. */
  fetchItem(externalId: string): Promise<ImportedItem | null>;
  /** What the user may choose among for this service (Gmail's labels), for its settings. */
  choices?(): Promise<Record<string, unknown>>;
}

/**
 * What every source (Google Drive, Gmail, Google Calendar, and those to come) is to the framework:
 * which desk source its items carry and how to talk to it for one connection.
 */
export interface Source {
  service: ConnectionService;
  /** Whose OAuth grants it (connecting, refreshing and revoking go through that provider). */
  provider: 'google' | 'dropbox' | 'whatsapp' | 'imap' | 'files';
  deskSource: DeskSource;
  /** Whether it has anything to pull on a schedule (WhatsApp and uploaded calendar files only receive). */
  pulls: boolean;
  /** The user's settings for this service (Gmail: which labels), checked before they are saved. */
  settings?: ZodType<Record<string, unknown>>;
  connect(connection: SourceConnectionRow): Connector;
}
