import {
  bulkResultSchema,
  type CreateItem,
  createFolderSchema,
  createItemSchema,
  type DUPLICATE_POLICIES,
  deleteSchema,
  deskObjectSchema,
  filePreviewSchema,
  folderViewSchema,
  type ListQuery,
  linkDuplicateSchema,
  moveSchema,
  pageSchema,
  restoreSchema,
  trashPageSchema,
  updateObjectSchema,
  uploadResultSchema,
  zipRequestSchema,
  zipTicketSchema,
} from '@easio/shared';
import { z } from 'zod';
import { apiRequest } from '../../api/client';
import { apiUpload } from '../../api/upload';
import { listSearchParams } from './filters';

/** The desk's calls (`/api/desk`). Every body is checked against the shared contract before it leaves. */
const DESK = '/desk';

export function fetchFolderView(id: string, signal?: AbortSignal) {
  return apiRequest(`${DESK}/folders/${encodeURIComponent(id)}`, folderViewSchema, { signal });
}

export function fetchChildren(folderId: string, query: ListQuery, signal?: AbortSignal) {
  const params = listSearchParams(query);
  return apiRequest(`${DESK}/folders/${encodeURIComponent(folderId)}/children?${params}`, pageSchema, {
    signal,
  });
}

export function fetchItems(query: ListQuery, signal?: AbortSignal) {
  return apiRequest(`${DESK}/items?${listSearchParams(query)}`, pageSchema, { signal });
}

export function fetchObject(id: string, signal?: AbortSignal) {
  return apiRequest(`${DESK}/objects/${encodeURIComponent(id)}`, deskObjectSchema, { signal });
}

/** Reads a scan or photo's text again (OCR); answers the object, its reading queued. */
export function readTextAgain(id: string) {
  return apiRequest(`${DESK}/objects/${encodeURIComponent(id)}/ocr`, deskObjectSchema, { method: 'POST' });
}

/** A document, spreadsheet, text or code file made fit to show by the server (or why it can't be). */
export function fetchFilePreview(id: string, signal?: AbortSignal) {
  return apiRequest(`${DESK}/objects/${encodeURIComponent(id)}/preview`, filePreviewSchema, { signal });
}

export function createFolder(input: z.input<typeof createFolderSchema>) {
  return apiRequest(`${DESK}/folders`, deskObjectSchema, { json: createFolderSchema.parse(input) });
}

export function createItem(input: CreateItem) {
  return apiRequest(`${DESK}/items`, deskObjectSchema, { json: createItemSchema.parse(input) });
}

export function updateObject(id: string, changes: z.input<typeof updateObjectSchema>) {
  return apiRequest(`${DESK}/objects/${encodeURIComponent(id)}`, deskObjectSchema, {
    method: 'PATCH',
    json: updateObjectSchema.parse(changes),
  });
}

export function moveObjects(ids: string[], targetId: string) {
  return apiRequest(`${DESK}/move`, bulkResultSchema, {
    json: moveSchema.parse({ ids, target_id: targetId }),
  });
}

/** Moves them to the Trash. */
export function deleteObjects(ids: string[]) {
  return apiRequest(`${DESK}/delete`, bulkResultSchema, { json: deleteSchema.parse({ ids }) });
}

const restoredSchema = bulkResultSchema.extend({
  restored: z.array(z.object({ id: z.uuid(), parent_id: z.uuid() })),
});

export function fetchTrash(after: string | undefined, signal?: AbortSignal) {
  const params = new URLSearchParams(after ? { after } : {});
  return apiRequest(`${DESK}/trash?${params}`, trashPageSchema, { signal });
}

export function restoreObjects(ids: string[]) {
  return apiRequest(`${DESK}/trash/restore`, restoredSchema, { json: restoreSchema.parse({ ids }) });
}

export function deleteForever(ids: string[]) {
  return apiRequest(`${DESK}/trash/delete`, bulkResultSchema, { json: deleteSchema.parse({ ids }) });
}

export function emptyTrash() {
  return apiRequest(`${DESK}/trash/empty`, bulkResultSchema, { method: 'POST' });
}

export function requestZip(ids: string[]) {
  return apiRequest(`${DESK}/zip`, zipTicketSchema, { json: zipRequestSchema.parse({ ids }) });
}

export function linkDuplicate(input: z.input<typeof linkDuplicateSchema>) {
  return apiRequest(`${DESK}/duplicates/link`, deskObjectSchema, { json: linkDuplicateSchema.parse(input) });
}

export interface UploadCall {
  file: File;
  /** The folder to upload into; without it, the desk's root. */
  parentId?: string;
  onDuplicate: (typeof DUPLICATE_POLICIES)[number];
  signal?: AbortSignal;
  onProgress?: (loaded: number, total: number) => void;
}

/** One file per request, so each has its own progress and its own cancel. */
export function uploadFile({ file, parentId, onDuplicate, signal, onProgress }: UploadCall) {
  const params = new URLSearchParams({ ...(parentId && { parent_id: parentId }), on_duplicate: onDuplicate });
  const body = new FormData();
  body.append('file', file, file.name);
  return apiUpload(`${DESK}/uploads?${params}`, body, uploadResultSchema, { signal, onProgress });
}
