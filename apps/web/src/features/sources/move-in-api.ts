import { type MoveInApp, moveInResultSchema } from '@easio/shared';
import { apiUpload } from '../../api/upload';

/** One export of another app (`POST /api/imports/{app}`), with the upload's progress. */
export function uploadExport(app: MoveInApp, file: File, onProgress: (percent: number | null) => void) {
  const body = new FormData();
  body.append('file', file);
  return apiUpload(`/imports/${app}`, body, moveInResultSchema, {
    onProgress: (loaded, total) => onProgress(total ? (loaded / total) * 100 : null),
  });
}
