import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';

/** A new object as `insertObjects` writes it. */
export interface NewObject {
  id: string;
  ownerId: string;
  parentId: string;
  dataType: string;
  source: string;
  name: string;
  url: string | null;
  content: string | null;
  mimeType: string | null;
  size: number | null;
  blobKey: string | null;
  sha256: string | null;
  externalId: string;
  metadata: Record<string, unknown>;
  sourceCreatedAt: Date | null;
  duplicateOf: string | null;
  thumbnailKey: string | null;
  connectionId: string;
  jobState: string | null;
  jobError: string | null;
  tags?: string[];
}

/** Rows written by one statement: a page or two of items, a few hundred kilobytes of JSON at most. */
const CHUNK = 500;

/**
 * Inserts new objects, as many as a statement holds at once. The rows travel as one JSON parameter read
 * by `jsonb_to_recordset`, rather than a parameter per column per row: building and sending a query of
 * thousands of parameters allocated more than storing the items did. Each row gets its own arrival time
 * (`clock_timestamp()`), in the order given, as when they were inserted one by one.
 */
export async function insertObjects(tx: Db, rows: NewObject[]): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK) {
    const chunk = JSON.stringify(rows.slice(i, i + CHUNK));
    await tx.execute(sql`
      INSERT INTO objects (id, owner_id, parent_id, data_type, source, name, url, content, mime_type, size,
        blob_key, sha256, external_id, metadata, source_created_at, duplicate_of, thumbnail_key, connection_id,
        job_state, job_error, tags, created_at, updated_at)
      SELECT r."id", r."ownerId", r."parentId", r."dataType", r."source", r."name", r."url", r."content",
        r."mimeType", r."size", r."blobKey", r."sha256", r."externalId", r."metadata", r."sourceCreatedAt",
        r."duplicateOf", r."thumbnailKey", r."connectionId", r."jobState", r."jobError",
        COALESCE(r."tags", '{}'::text[]), clock_timestamp(), now()
      FROM jsonb_to_recordset(${chunk}::jsonb) AS r("id" uuid, "ownerId" uuid, "parentId" uuid,
        "dataType" text, "source" text, "name" text, "url" text, "content" text, "mimeType" text, "size" bigint,
        "blobKey" text, "sha256" text, "externalId" text, "metadata" jsonb, "sourceCreatedAt" timestamptz,
        "duplicateOf" uuid, "thumbnailKey" text, "connectionId" uuid, "jobState" text, "jobError" text, "tags" text[])`);
  }
}
