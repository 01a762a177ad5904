import {
  type BinderState,
  type DataType,
  type DateSource,
  type DeskObject,
  isFolderType,
  type OcrInfo,
  type OcrState,
  type Source,
} from '@easio/shared';
import type { ObjectRow } from '../db/schema.js';
import type { UrlSigner } from './signed-urls.js';

function dateSourceOf(row: ObjectRow): DateSource {
  if (!row.sourceCreatedAt) return 'arrived';
  return row.dateSource === 'photo' || row.dateSource === 'document' ? row.dateSource : 'source';
}

function ocrInfoOf(row: ObjectRow): OcrInfo | null {
  if (!row.ocrState) return null;
  return {
    state: row.ocrState as OcrState,
    confidence: row.ocrConfidence === null ? null : Math.round(row.ocrConfidence * 10) / 10,
    pages: row.ocrPages,
    error: row.ocrError,
  };
}

/** An object row as the API answers it, with signed addresses for its bytes. */
export function toDeskObject(row: ObjectRow, signer: UrlSigner, childCount?: number): DeskObject {
  const dataType = row.dataType as DataType;
  // Files, and e-mails made of an uploaded message file (its bytes stay downloadable).
  const hasBytes = (dataType === 'file_object' || dataType === 'email_object') && row.blobKey !== null;
  return {
    id: row.id,
    parent_id: row.parentId,
    data_type: dataType,
    source: row.source as Source,
    name: row.name,
    url: row.url,
    content: row.content,
    mime_type: row.mimeType,
    size: row.size,
    sha256: row.sha256,
    metadata: row.metadata,
    tags: row.tags,
    binder_state: (row.binderState as BinderState | null) ?? null,
    item_date: row.itemDate.toISOString(),
    date_source: dateSourceOf(row),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    duplicate_of: row.duplicateOf,
    job_state: (row.jobState as DeskObject['job_state']) ?? null,
    job_error: row.jobError,
    ocr: ocrInfoOf(row),
    content_url: hasBytes ? signer.url(row.ownerId, row.id, 'inline') : null,
    download_url: hasBytes ? signer.url(row.ownerId, row.id, 'attachment') : null,
    thumbnail_url: row.thumbnailKey ? signer.url(row.ownerId, row.id, 'thumbnail') : null,
    child_count: isFolderType(dataType) ? (childCount ?? 0) : null,
    trashed_at: row.trashedAt?.toISOString() ?? null,
    version: row.version,
  };
}
