import { type CreateItem, createItemSchema, type ExtensionSave, type ExtensionSaved } from '@easio/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { uniqueViolation } from '../db/errors.js';
import { objects, type UserRow } from '../db/schema.js';
import type { createDeskService } from '../desk/service.js';
import { HttpError } from '../http/http-error.js';

export interface ExtensionSaveDeps {
  db: Db;
  desk: ReturnType<typeof createDeskService>;
}

/** The desk item a save becomes: a page is a link, a selection a url note, a place a location. */
function itemOf(save: ExtensionSave, parent_id: string | null): CreateItem {
  switch (save.kind) {
    case 'page':
      return { data_type: 'url_object', parent_id, url: save.url, name: save.title || undefined };
    case 'selection':
      return {
        data_type: 'url_note_object',
        parent_id,
        url: save.url,
        content: save.text,
        name: save.title ? `“${save.text.slice(0, 80)}” — ${save.title}`.slice(0, 1000) : undefined,
      };
    case 'note':
      return { data_type: 'note_object', parent_id, content: save.text, name: save.title || undefined };
    case 'location': {
      const label = save.label || `Place at ${save.latitude.toFixed(5)}, ${save.longitude.toFixed(5)}`;
      return {
        data_type: 'location_object',
        parent_id,
        latitude: save.latitude,
        longitude: save.longitude,
        label,
      };
    }
  }
}

/** What the extension knows of the page beside the item itself. */
function extraOf(save: ExtensionSave): Record<string, unknown> {
  const extra: Record<string, unknown> = { saved_with: 'extension', client_id: save.client_id };
  if (save.kind === 'page') {
    if (save.description) extra.description = save.description;
    if (save.favicon_url && /^https?:\/\//i.test(save.favicon_url)) extra.favicon_url = save.favicon_url;
  }
  if (save.kind === 'location' && save.accuracy !== undefined) extra.accuracy_m = save.accuracy;
  return extra;
}

const FOREIGN_KEY_VIOLATION = '23503';
function foreignKeyViolation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === FOREIGN_KEY_VIOLATION) return true;
  }
  return false;
}

/**
 * Stores one save of the extension, once per `client_id` (a save sent again after being offline, or twice
 * at once, answers the first item). A drawer or binder that is gone, or is not the user's, does not lose
 * the save: it goes to the user's own desk, and the answer says so (`folder_missing`).
 */
export function createExtensionSaver({ db, desk }: ExtensionSaveDeps) {
  async function earlier(ownerId: string, clientId: string): Promise<ExtensionSaved | null> {
    const [row] = await db
      .select({ id: objects.id, name: objects.name, parentId: objects.parentId, metadata: objects.metadata })
      .from(objects)
      .where(
        and(
          eq(objects.ownerId, ownerId),
          // Both conditions, so the partial unique index (0014) serves the look-up.
          sql`${objects.metadata} ? 'client_id'`,
          sql`${objects.metadata}->>'client_id' = ${clientId}`,
        ),
      );
    if (!row) return null;
    return {
      id: row.id,
      name: row.name,
      parent_id: row.parentId,
      created: false,
      folder_missing: row.metadata.folder_missing === true,
    };
  }

  async function create(user: UserRow, save: ExtensionSave, parentId: string | null, folderMissing: boolean) {
    const input = createItemSchema.safeParse(itemOf(save, parentId));
    if (!input.success) throw new HttpError(422, input.error.issues[0]?.message ?? 'Invalid save');
    const extra = { ...extraOf(save), ...(folderMissing && { folder_missing: true }) };
    return desk.createItem(user, input.data, extra);
  }

  return async function saveFromExtension(
    user: UserRow,
    save: ExtensionSave,
  ): Promise<{ status: 200 | 201; body: ExtensionSaved }> {
    const known = await earlier(user.id, save.client_id);
    if (known) return { status: 200, body: known };
    const parentId = save.parent_id ?? null;
    try {
      let item: Awaited<ReturnType<typeof create>>;
      let folderMissing = false;
      try {
        item = await create(user, save, parentId, false);
      } catch (error) {
        // The chosen folder is not (or no longer) one of the user's: 404 from the desk, or deleted
        // between the desk's check and the insert.
        const gone = (error instanceof HttpError && error.statusCode === 404) || foreignKeyViolation(error);
        if (parentId === null || !gone) throw error;
        folderMissing = true;
        item = await create(user, save, null, true);
      }
      const body = {
        id: item.id,
        name: item.name,
        parent_id: item.parent_id,
        created: true,
        folder_missing: folderMissing,
      };
      return { status: 201, body };
    } catch (error) {
      // The same save sent twice at once: the unique index stopped the second; answer the first.
      if (uniqueViolation(error) === null) throw error;
      const first = await earlier(user.id, save.client_id);
      if (!first) throw error;
      return { status: 200, body: first };
    }
  };
}
