import { BINDER_STATES, DATA_TYPES } from '@easio/shared';
import { z } from 'zod';
import { parseEach, ShapeIssue } from '../sources/imports/parse-each.js';
import { EXPORT_FORMAT, EXPORT_VERSION } from './export-archive.js';

/** Objects one export may hold. */
export const MAX_EXPORT_OBJECTS = 1_000_000;

const text = z.string().nullish();
const date = z
  .union([z.string(), z.null()])
  .optional()
  .refine((v) => v == null || !Number.isNaN(Date.parse(v)), 'not a date');

/** One object of `easio.json` as restore reads it (other fields are kept out of the way, not refused). */
export const exportedObjectSchema = z.object({
  id: z.string().min(1).max(200),
  parent_id: z.string().max(200).nullish(),
  data_type: z.enum(DATA_TYPES),
  name: z.string(),
  url: text,
  content: text,
  mime_type: text,
  size: z.union([z.number(), z.string().regex(/^\d+$/)]).nullish(),
  sha256: text,
  metadata: z.record(z.string(), z.unknown()).nullish(),
  tags: z.array(z.string()).nullish(),
  binder_state: z.enum(BINDER_STATES).nullish(),
  item_date: date,
  trashed_at: date,
  folder_path: text,
  /** The ZIP entry of its bytes (version 1 exports made before the field: found by folder path and name). */
  file: text,
});
export type ExportedObject = z.infer<typeof exportedObjectSchema>;

/** `easio.json` around its objects (each checked on its own, `parseEach`). */
const manifestHeadSchema = z.object({
  format: z.literal(EXPORT_FORMAT).optional(),
  version: z.number().int().min(1).optional(),
  exported_at: z.string().optional(),
  objects: z.array(z.unknown()).max(MAX_EXPORT_OBJECTS),
});
export type ExportManifest = Omit<z.infer<typeof manifestHeadSchema>, 'objects'> & {
  objects: ExportedObject[];
  version: number;
  hasFileField: boolean;
};

/**
 * `easio.json` checked whole before anything is stored. An export without `format` and `version` is one
 * made before they were written: version 1. A later version than this server knows is refused.
 */
export async function parseManifest(
  raw: unknown,
  pace: () => Promise<void> = async () => {},
): Promise<{ ok: true; manifest: ExportManifest } | { ok: false; detail: string }> {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    return { ok: false, detail: 'easio.json is not an Easio export' };
  }
  const version = (raw as { version?: unknown }).version;
  if (typeof version === 'number' && version > EXPORT_VERSION) {
    return {
      ok: false,
      detail: `The export is of format version ${version}, made by a later Easio than this server (version ${EXPORT_VERSION})`,
    };
  }
  const invalid = (where: string, why: string) => ({
    ok: false as const,
    detail: `easio.json is not an Easio export (${where || 'the document'}: ${why})`,
  });
  const parsed = manifestHeadSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return invalid(issue?.path.join('.') ?? '', issue?.message ?? 'invalid');
  }
  let objects: ExportedObject[];
  try {
    objects = await parseEach(parsed.data.objects, exportedObjectSchema, 'objects', pace);
  } catch (error) {
    if (error instanceof ShapeIssue) return invalid(error.path, error.why);
    throw error;
  }
  const ids = new Set<string>();
  for (const o of objects) {
    if (ids.has(o.id)) return { ok: false, detail: `easio.json lists the object ${o.id.slice(0, 40)} twice` };
    ids.add(o.id);
  }
  return {
    ok: true,
    manifest: {
      ...parsed.data,
      objects,
      version: parsed.data.version ?? 1,
      hasFileField: parsed.data.format !== undefined,
    },
  };
}
