-- request: {"parent_id":"3f1c1d1e-1111-4111-8111-111111111111","sort":"name"}
WITH RECURSIVE hits AS (SELECT x.id, NULL::float8 AS score
      FROM unnest(ARRAY(
    WITH RECURSIVE scope AS (
      SELECT id FROM objects WHERE owner_id = $1 AND id = $2 AND is_folder
      UNION ALL
      SELECT c.id FROM objects c JOIN scope ON c.parent_id = scope.id
      -- is_folder: the folder's own range of its (owner, parent, is_folder, …) indexes (a list of
      -- kinds would be checked on every child instead: ~1,700 reads per folder of a big drawer)
      WHERE c.owner_id = $3 AND c.is_folder
    )
    SELECT id FROM scope)) AS folder(id)
      CROSS JOIN LATERAL ((SELECT "objects"."id" AS id, "objects"."sort_name" AS key FROM "objects"
        WHERE "objects"."owner_id" = $4 AND "objects"."data_type" <> 'root_object' AND "objects"."trashed_at" IS NULL AND "objects"."parent_id" = folder.id AND "objects"."is_folder" = true
        ORDER BY "objects"."sort_name" ASC, "objects"."id" ASC LIMIT 51) UNION ALL (SELECT "objects"."id" AS id, "objects"."sort_name" AS key FROM "objects"
        WHERE "objects"."owner_id" = $5 AND "objects"."data_type" <> 'root_object' AND "objects"."trashed_at" IS NULL AND "objects"."parent_id" = folder.id AND "objects"."is_folder" = false
        ORDER BY "objects"."sort_name" ASC, "objects"."id" ASC LIMIT 51)) x
      ORDER BY x.key ASC, x.id ASC LIMIT 51 OFFSET 0),
    up AS (
      SELECT f.id AS leaf, f.id, f.parent_id, f.name, f.data_type, 0 AS depth FROM objects f
      WHERE f.owner_id = $6 AND f.id IN (SELECT o.parent_id FROM objects o WHERE o.id IN (SELECT id FROM hits))
      UNION ALL
      SELECT up.leaf, f.id, f.parent_id, f.name, f.data_type, up.depth + 1
      FROM up JOIN objects f ON f.id = up.parent_id AND f.owner_id = $7
      WHERE up.depth < 19
    ),
    paths AS (
      SELECT leaf, json_agg(json_build_object('id', id, 'name', name, 'data_type', data_type) ORDER BY depth DESC) AS path
      FROM up GROUP BY leaf
    )
    SELECT "objects"."id" AS "id", "objects"."owner_id" AS "ownerId", "objects"."parent_id" AS "parentId", "objects"."data_type" AS "dataType", "objects"."source" AS "source", "objects"."name" AS "name", "objects"."url" AS "url", left("objects"."content", 260) AS "content", "objects"."mime_type" AS "mimeType", "objects"."size"::float8 AS "size", "objects"."blob_key" AS "blobKey", "objects"."sha256" AS "sha256", "objects"."external_id" AS "externalId", "objects"."metadata" AS "metadata", "objects"."tags" AS "tags", "objects"."binder_state" AS "binderState", (extract(epoch FROM "objects"."source_created_at") * 1000)::float8 AS "sourceCreatedAt", "objects"."duplicate_of" AS "duplicateOf", "objects"."thumbnail_key" AS "thumbnailKey", "objects"."connection_id" AS "connectionId", "objects"."job_state" AS "jobState", "objects"."job_error" AS "jobError", "objects"."job_attempts" AS "jobAttempts", "objects"."ocr_state" AS "ocrState", "objects"."ocr_error" AS "ocrError", "objects"."ocr_confidence" AS "ocrConfidence", "objects"."ocr_pages" AS "ocrPages", "objects"."date_source" AS "dateSource", (extract(epoch FROM "objects"."trashed_at") * 1000)::float8 AS "trashedAt", "objects"."trashed_from" AS "trashedFrom", "objects"."version" AS "version", (extract(epoch FROM "objects"."created_at") * 1000)::float8 AS "createdAt", (extract(epoch FROM "objects"."updated_at") * 1000)::float8 AS "updatedAt", (extract(epoch FROM "objects"."item_date") * 1000)::float8 AS "itemDate", "objects"."sort_name" AS "sortName", "objects"."is_folder" AS "isFolder", hits.score AS "score",
      CASE WHEN found.at > 0 THEN
        substr("objects"."content", greatest(1, found.at - 90), 260) END AS "passage",
      found.at <= 91 AS "passageAtStart",
      found.at - 90 + 260 > length("objects"."content") AS "passageAtEnd",
      coalesce(paths.path, '[]'::json) AS "path",
      CASE WHEN "objects"."is_folder" THEN (SELECT count(*) FROM objects c
        WHERE c.owner_id = $8 AND c.parent_id = "objects"."id")::integer END AS "childCount"
    FROM hits JOIN "objects" ON "objects"."id" = hits.id
      LEFT JOIN paths ON paths.leaf = "objects"."parent_id"
      CROSS JOIN LATERAL (SELECT 0 AS at) found
    ORDER BY "objects"."sort_name" ASC, "objects"."id" ASC;

-- $1 = "0a4c5b6d-2222-4222-8222-222222222222"
-- $2 = "3f1c1d1e-1111-4111-8111-111111111111"
-- $3 = "0a4c5b6d-2222-4222-8222-222222222222"
-- $4 = "0a4c5b6d-2222-4222-8222-222222222222"
-- $5 = "0a4c5b6d-2222-4222-8222-222222222222"
-- $6 = "0a4c5b6d-2222-4222-8222-222222222222"
-- $7 = "0a4c5b6d-2222-4222-8222-222222222222"
-- $8 = "0a4c5b6d-2222-4222-8222-222222222222"
