import {
  type ImportRun,
  importDiscardedSchema,
  importRunListSchema,
  importRunSchema,
  type MoveInApp,
} from '@easio/shared';
import { apiRequest } from '../../api/client';
import { apiUpload } from '../../api/upload';

type Progress = (percent: number | null) => void;
const percentOf = (onProgress: Progress) => (loaded: number, total: number) =>
  onProgress(total ? (loaded / total) * 100 : null);

/** One export of another app (`POST /api/imports/{app}`), with the upload's progress: answers the import, queued. */
export function uploadExport(app: MoveInApp, file: File, onProgress: Progress): Promise<ImportRun> {
  const body = new FormData();
  body.append('file', file);
  return apiUpload(`/imports/${app}`, body, importRunSchema, { onProgress: percentOf(onProgress) });
}

/** An Easio export to restore (`POST /api/account/restore`): answers the import, queued. */
export function uploadRestore(file: File, onProgress: Progress): Promise<ImportRun> {
  const body = new FormData();
  body.append('file', file);
  return apiUpload('/account/restore', body, importRunSchema, { onProgress: percentOf(onProgress) });
}

export const fetchImports = (signal?: AbortSignal) =>
  apiRequest('/imports/runs', importRunListSchema, { signal });

export const resumeImport = (id: string) =>
  apiRequest(`/imports/runs/${id}/resume`, importRunSchema, { method: 'POST', json: {} });

export const discardImport = (id: string) =>
  apiRequest(`/imports/runs/${id}/discard`, importDiscardedSchema, { method: 'POST', json: {} });
