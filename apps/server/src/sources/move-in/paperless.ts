import { createHash } from 'node:crypto';
import path from 'node:path';
import { NAME_MAX } from '@easio/shared';
import { z } from 'zod';
import { intakeTags } from '../../intake/tags.js';
import { intakeText } from '../../intake/text.js';
import type { ImportedItem } from '../source.js';
import {
  MAX_EXPORT_ENTRIES,
  type MovedInFolder,
  MoveInError,
  type MoveInPlan,
  planMoveIn,
} from './moved-in.js';
import type { PaperlessArchive } from './paperless-archive.js';

const pk = z.number().int().nonnegative();
const ref = pk.nullish();
const named = z.object({ name: z.string().max(10_000) });

/** The records of `document_exporter`'s manifest this move-in reads (Django's serializer, plus its `__exported_*__`). */
const recordSchema = z.discriminatedUnion('model', [
  z.object({ model: z.literal('documents.correspondent'), pk, fields: named }),
  z.object({ model: z.literal('documents.documenttype'), pk, fields: named }),
  z.object({ model: z.literal('documents.tag'), pk, fields: named }),
  z.object({
    model: z.literal('documents.storagepath'),
    pk,
    fields: named.extend({ path: z.string().nullish() }),
  }),
  z.object({
    model: z.literal('documents.document'),
    pk,
    fields: z.object({
      title: z.string().max(100_000),
      content: z.string().nullish(),
      created: z.string().max(64),
      mime_type: z.string().max(256).nullish(),
      checksum: z.string().max(128).nullish(),
      original_filename: z.string().max(10_000).nullish(),
      archive_serial_number: z.number().int().nullish(),
      correspondent: ref,
      document_type: ref,
      storage_path: ref,
      tags: z.array(pk).max(10_000).nullish(),
    }),
    __exported_file_name__: z.string().min(1).max(10_000),
    __exported_archive_name__: z.string().max(10_000).nullish(),
  }),
  z.object({
    model: z.literal('documents.note'),
    pk,
    fields: z.object({ note: z.string(), created: z.string().max(64).nullish(), document: pk }),
  }),
]);
/** Other models of the manifest (users, mail rules, custom fields, workflows…) are left out. */
const KNOWN = new Set<string>(recordSchema.options.map((o) => o.shape.model.value));
const anyRecord = z.object({ model: z.string(), pk: z.unknown() }).loose();

type Record_ = z.infer<typeof recordSchema>;
type DocumentRecord = Extract<Record_, { model: 'documents.document' }>;

/** A date Paperless wrote: `2023-05-17` (2.x) or an ISO date-time (1.x), read as given. */
function dateOf(text: string | null | undefined): Date | null {
  if (!text) return null;
  const date = new Date(/^\d{4}-\d{2}-\d{2}$/.test(text) ? `${text}T00:00:00Z` : text);
  const year = date.getUTCFullYear();
  return Number.isNaN(date.getTime()) || year < 1 || year > 9999 ? null : date;
}

const clean = (text: string) => text.replaceAll('\u0000', '').replace(/\s+/g, ' ').trim();

/** The title as the file's name, with the original file's extension (`Invoice 42` → `Invoice 42.pdf`). */
function fileName(doc: DocumentRecord): string {
  const ext = path.posix.extname(doc.fields.original_filename ?? doc.__exported_file_name__).toLowerCase();
  const title =
    clean(doc.fields.title) || clean(path.posix.basename(doc.__exported_file_name__)) || 'Untitled';
  const named = title.toLowerCase().endsWith(ext) ? title : `${title}${ext}`;
  return named.length > NAME_MAX ? `${named.slice(0, NAME_MAX - ext.length)}${ext}` : named;
}

/** Records one manifest may hold: a hundred thousand documents with their notes, tags and people. */
export const MAX_MANIFEST_RECORDS = 1_000_000;

/** Reads a manifest's records one by one, as they are parsed, keeping the ones this move-in reads. */
export interface ManifestReader {
  /**
   * Checks one record: the first one out of shape refuses the export, and so do more records than
   * `MAX_MANIFEST_RECORDS` or more documents and the folders they go in (types, correspondents) than
   * `MAX_EXPORT_ENTRIES`. Checked as it arrives, the raw record is garbage at once, never kept beside
   * its checked copy.
   */
  add(raw: unknown): void;
  /** The records kept so far, in their order. */
  records(): Record_[];
}

export function manifestReader(): ManifestReader {
  const kept: Record_[] = [];
  let index = 0;
  let entries = 0;
  return {
    add(raw) {
      index += 1;
      if (index > MAX_MANIFEST_RECORDS) {
        throw new MoveInError(
          `The export holds more than ${MAX_MANIFEST_RECORDS.toLocaleString('en')} records in its manifest`,
        );
      }
      const head = anyRecord.safeParse(raw);
      if (!head.success)
        throw new MoveInError(`This is not a Paperless-ngx export (record ${index} has no model)`);
      if (!KNOWN.has(head.data.model)) return;
      const parsed = recordSchema.safeParse(raw);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        throw new MoveInError(
          `This is not a Paperless-ngx export (record ${index}, ${head.data.model}: ${issue?.path.join('.') || 'the record'} ${issue?.message ?? 'is out of shape'})`,
        );
      }
      kept.push(parsed.data);
      const { model } = parsed.data;
      if (
        model === 'documents.document' ||
        model === 'documents.documenttype' ||
        model === 'documents.correspondent'
      )
        entries += 1;
      if (entries > MAX_EXPORT_ENTRIES) {
        throw new MoveInError(
          `The export holds more than ${MAX_EXPORT_ENTRIES.toLocaleString('en')} entries (documents, and the types and correspondents they are filed by)`,
        );
      }
    },
    records: () => kept,
  };
}

const hash = (value: unknown) =>
  createHash('sha256').update(JSON.stringify(value)).digest('base64url').slice(0, 22);

const NO_TYPE = 'type:none';

/**
 * A Paperless-ngx export as desk items, the way its user browses it: each document type a drawer, each
 * correspondent a binder in the drawers of the types it sent (documents without a type in a "Paperless-ngx"
 * drawer), tags as tags, the created date as the item's date, the title as its name. Each original file is
 * stored (its md5 checked against the manifest's first: a mismatch is listed as failed, not stored), with
 * Paperless' text as its text until the desk's own reading of the file finds some.
 */
export async function planPaperless(
  records: Record_[],
  archive: PaperlessArchive,
  { checksums = true, pace = async () => {} }: { checksums?: boolean; pace?: () => Promise<void> } = {},
): Promise<MoveInPlan> {
  const names = new Map<string, string>();
  const notes = new Map<number, { note: string; created: string | null }[]>();
  for (const r of records) {
    if (r.model === 'documents.note') {
      const list = notes.get(r.fields.document) ?? [];
      list.push({ note: r.fields.note, created: r.fields.created ?? null });
      notes.set(r.fields.document, list);
    } else if (r.model !== 'documents.document') names.set(`${r.model}:${r.pk}`, r.fields.name);
  }
  const nameOf = (model: string, id: number | null | undefined) =>
    id == null ? null : (names.get(`${model}:${id}`) ?? null);
  const docs = records.filter((r): r is DocumentRecord => r.model === 'documents.document');

  const folders = new Map<string, MovedInFolder>();
  const folderOf = (doc: DocumentRecord): string => {
    const type = nameOf('documents.documenttype', doc.fields.document_type);
    const drawer = type === null ? NO_TYPE : `type:${doc.fields.document_type}`;
    if (!folders.has(drawer))
      folders.set(drawer, { key: drawer, name: type ?? 'Paperless-ngx', parent: null });
    const correspondent = nameOf('documents.correspondent', doc.fields.correspondent);
    if (correspondent === null) return drawer;
    const binder = `${drawer}/correspondent:${doc.fields.correspondent}`;
    if (!folders.has(binder)) folders.set(binder, { key: binder, name: correspondent, parent: drawer });
    return binder;
  };
  const failed: MoveInPlan['failed'] = [];
  const kept: DocumentRecord[] = [];
  for (const doc of docs) {
    await pace();
    const externalId = `paperless:document:${doc.pk}`;
    const file = doc.__exported_file_name__;
    const checksum = doc.fields.checksum?.toLowerCase();
    if (!archive.has(file)) {
      failed.push({
        externalId,
        name: fileName(doc),
        reason: `The export does not hold its file (${file.slice(0, 200)})`,
      });
    } else if (
      checksums &&
      checksum &&
      /^[0-9a-f]{32}$/.test(checksum) &&
      (await archive.md5(file)) !== checksum
    ) {
      failed.push({
        externalId,
        name: fileName(doc),
        reason: 'Its file does not match the checksum in the manifest (damaged in the export)',
      });
    } else kept.push(doc);
  }
  // Folders only for the documents stored: a damaged one leaves no empty binder behind.
  const placed = kept.map((doc) => ({ doc, folder: folderOf(doc) }));
  const plan = await planMoveIn('paperless', { folders: [...folders.values()], entries: [] });
  for (const f of failed) plan.failed.push(f);
  const made = new Set<string>();
  for (const i of plan.drawers) made.add(i.externalId);
  for (const i of plan.binders) made.add(i.externalId);

  for (const { doc, folder } of placed) {
    await pace();
    const externalId = `paperless:document:${doc.pk}`;
    const name = fileName(doc);
    const file = doc.__exported_file_name__;
    const checksum = doc.fields.checksum?.toLowerCase();
    const tags = intakeTags((doc.fields.tags ?? []).map((id) => nameOf('documents.tag', id) ?? ''));
    const paperless = {
      id: doc.pk,
      correspondent: nameOf('documents.correspondent', doc.fields.correspondent),
      document_type: nameOf('documents.documenttype', doc.fields.document_type),
      storage_path: nameOf('documents.storagepath', doc.fields.storage_path),
      archive_serial_number: doc.fields.archive_serial_number ?? null,
      original_filename: doc.fields.original_filename ?? null,
      notes: notes.get(doc.pk) ?? [],
    };
    const content = intakeText(doc.fields.content)?.trim() || null;
    const createdAt = dateOf(doc.fields.created);
    const placeIn = `paperless:folder:${folder}`;
    const item: ImportedItem = {
      externalId,
      dataType: 'file_object',
      name,
      content,
      mimeType: doc.fields.mime_type ?? null,
      metadata: { moved_in_from: 'paperless', paperless },
      sourceCreatedAt: createdAt,
      version: hash([
        name,
        content,
        tags,
        createdAt?.toISOString() ?? null,
        paperless,
        checksum ?? null,
        folder,
      ]),
      size: archive.size(file),
      body: () => archive.open(file),
      tags,
      ...(made.has(placeIn) && { placeIn }),
    };
    plan.entries.push(item);
  }
  return plan;
}
