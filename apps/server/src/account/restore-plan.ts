import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import { zipSafe } from '../desk/downloads.js';
import { intakeMetadata } from '../intake/metadata.js';
import type { ImportedItem, SyncPage } from '../sources/source.js';
import type { ExportedObject, ExportManifest } from './restore-manifest.js';

/**
 * Metadata that said where an object sat at its source or how it was stored: not carried over. So is the
 * extension's `client_id`: it names the save that made the exported item, which a restored copy is not
 * (and is unique per account, so restoring into the same account would clash with the item still there).
 */
const DROPPED_METADATA = [
  'client_id',
  'version',
  'sync_places',
  'sync_scope',
  'sync_key',
  'attachment_of',
  'email_id',
  'path_lower',
];

/** What an export becomes: folders level by level (a parent before its children), then items, then attachments. */
export interface RestorePlan {
  folderLevels: ImportedItem[][];
  items: ImportedItem[];
  attachments: ImportedItem[];
  failed: NonNullable<SyncPage['failed']>;
  /** Binders' states (work in progress, archive, vault), by external id: set once stored. */
  binderStates: Map<string, string>;
  /** Objects and files the export holds that restore takes. */
  counts: { items: number; files: number };
}

const hash = (value: unknown) =>
  createHash('sha256').update(JSON.stringify(value)).digest('base64url').slice(0, 22);

/**
 * Where each object's bytes are in the ZIP. Exports since the format field name them (`file`); earlier
 * ones wrote them at `files/<folder path>/<name>`, a repeated name numbered as the download of a folder
 * does (`name (2).ext`): matched the same way.
 */
function fileEntries(manifest: ExportManifest, files: Set<string>): Map<string, string> {
  const found = new Map<string, string>();
  if (manifest.hasFileField) {
    for (const o of manifest.objects) if (o.file && files.has(o.file)) found.set(o.id, o.file);
    return found;
  }
  const claimed = new Set<string>();
  for (const o of manifest.objects) {
    if (!o.sha256 || (o.data_type !== 'file_object' && o.data_type !== 'email_object')) continue;
    const parts = [...(o.folder_path?.split('/') ?? []), o.name].map(zipSafe);
    const last = parts.at(-1) ?? 'file';
    const dot = last.lastIndexOf('.');
    for (let n = 1; n < 1000; n += 1) {
      const name =
        n === 1 ? last : dot > 0 ? `${last.slice(0, dot)} (${n})${last.slice(dot)}` : `${last} (${n})`;
      const entry = `files/${[...parts.slice(0, -1), name].join('/')}`;
      if (!files.has(entry)) break;
      if (claimed.has(entry)) continue;
      claimed.add(entry);
      found.set(o.id, entry);
      break;
    }
  }
  return found;
}

function cleanMetadata(metadata: Record<string, unknown> | null | undefined): Record<string, unknown> {
  const kept = { ...(metadata ?? {}) };
  for (const key of DROPPED_METADATA) delete kept[key];
  return kept;
}

/**
 * An export's objects as items for the import path, each under its exported id as external id, so that
 * restoring the same export again adds nothing. The desk itself and trashed objects are left out; an
 * object whose folder is not restored lands on the desk. Files whose bytes the ZIP lacks are listed as
 * failed, and so are objects whose metadata the intake rules refuse (nested absurdly deep, or too large);
 * the other rules (names, addresses, texts, an e-mail's HTML) are applied where every import's items are
 * stored (`sources/store-item.ts`).
 */
export function planRestore(
  manifest: ExportManifest,
  files: Set<string>,
  open: (entry: string) => Promise<Readable>,
): RestorePlan {
  const byId = new Map(manifest.objects.map((o) => [o.id, o]));
  const taken = (o: ExportedObject | undefined) =>
    o !== undefined && o.data_type !== 'root_object' && !o.trashed_at;
  const isFolder = (o: ExportedObject | undefined) =>
    o?.data_type === 'drawer_object' || o?.data_type === 'binder_object';
  const entries = fileEntries(manifest, files);
  const plan: RestorePlan = {
    folderLevels: [],
    items: [],
    attachments: [],
    failed: [],
    binderStates: new Map(),
    counts: { items: 0, files: 0 },
  };
  /** A folder's depth below the desk (1: a drawer), null when it or a folder above it is not restored. */
  const depths = new Map<string, number | null>();
  // Walked up without recursion (an export may nest folders thousands deep): each folder is worked out once.
  const depthOf = (o: ExportedObject): number | null => {
    const chain: ExportedObject[] = [];
    const onChain = new Set<string>();
    let base: number | null = 0;
    for (let f: ExportedObject | undefined = o; f; ) {
      const known = depths.get(f.id);
      if (known !== undefined) {
        base = known;
        break;
      }
      if (onChain.has(f.id) || !taken(f)) {
        base = null;
        break;
      }
      onChain.add(f.id);
      chain.push(f);
      const parent: ExportedObject | undefined = f.parent_id ? byId.get(f.parent_id) : undefined;
      if (!isFolder(parent)) break;
      f = parent;
    }
    for (let i = chain.length - 1; i >= 0; i--) {
      base = base === null ? null : base + 1;
      depths.set((chain[i] as ExportedObject).id, base);
    }
    return depths.get(o.id) ?? base;
  };
  const placeIn = (o: ExportedObject) => {
    const parent = o.parent_id ? byId.get(o.parent_id) : undefined;
    return parent && isFolder(parent) && depthOf(parent) !== null ? { placeIn: parent.id } : {};
  };

  for (const o of manifest.objects) {
    if (!taken(o)) continue;
    plan.counts.items += 1;
    const date = o.item_date ? new Date(o.item_date) : null;
    const tags = [...new Set(o.tags ?? [])];
    // Checked before it is hashed for the version: metadata nested deep enough would overflow the stack.
    const checked = intakeMetadata(cleanMetadata(o.metadata));
    if (!checked.ok) {
      plan.failed.push({ externalId: o.id, name: o.name, reason: checked.reason });
      continue;
    }
    const { metadata } = checked;
    const base = {
      externalId: o.id,
      dataType: o.data_type,
      name: o.name,
      metadata,
      sourceCreatedAt: date,
      tags,
    };
    if (isFolder(o)) {
      const depth = depthOf(o);
      if (depth === null) {
        plan.failed.push({
          externalId: o.id,
          name: o.name,
          reason: 'Its folder is trashed or not in the export',
        });
        continue;
      }
      const level = plan.folderLevels[depth - 1] ?? [];
      plan.folderLevels[depth - 1] = level;
      level.push({
        ...base,
        ...placeIn(o),
        version: hash([o.data_type, o.name, o.parent_id, tags, o.item_date]),
      });
      if (o.data_type === 'binder_object' && o.binder_state) plan.binderStates.set(o.id, o.binder_state);
      continue;
    }
    const entry = entries.get(o.id);
    const hasBytes = Boolean(o.sha256) && (o.data_type === 'file_object' || o.data_type === 'email_object');
    if (hasBytes && !entry) {
      plan.failed.push({ externalId: o.id, name: o.name, reason: 'Its file is not in the export' });
      continue;
    }
    if (entry) plan.counts.files += 1;
    const emailId = typeof o.metadata?.email_id === 'string' ? o.metadata.email_id : null;
    const email = emailId ? byId.get(emailId) : undefined;
    const attached = email?.data_type === 'email_object' && taken(email);
    const item: ImportedItem = {
      ...base,
      ...placeIn(o),
      url: o.url ?? null,
      content: o.content ?? null,
      mimeType: o.mime_type ?? null,
      size: o.size == null ? null : Number(o.size),
      version: hash([
        o.data_type,
        o.name,
        o.url,
        o.content,
        o.sha256,
        tags,
        o.item_date,
        o.parent_id,
        metadata,
      ]),
      ...(entry && { body: () => open(entry) }),
      ...(attached && emailId && { attachmentOf: emailId }),
    };
    (attached ? plan.attachments : plan.items).push(item);
  }
  return plan;
}
