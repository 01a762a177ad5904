-- request: {"q":"invoice","parent_id":"3f1c1d1e-1111-4111-8111-111111111111","period":"year"}
WITH RECURSIVE hits AS ((SELECT "objects"."id" AS id, ((ts_rank('{0.05, 0.2, 0.4, 1.0}'::float4[], "objects"."search_head", to_tsquery('simple', $1)) + 0.03 + CASE WHEN left(lower("objects"."name"), 7) = $2 THEN 0.3 ELSE 0 END) * (1 + 0.25 / (1 + greatest(0, date_part('epoch', $3::timestamptz - "objects"."item_date") / 86400) / 180)))::float8 AS score, "objects"."item_date" AS item_date
      FROM "objects" WHERE "objects"."owner_id" = $4 AND "objects"."data_type" <> 'root_object' AND "objects"."trashed_at" IS NULL AND "objects"."item_date" >= $5::timestamptz AND "objects"."parent_id" = ANY (ARRAY(
    WITH RECURSIVE scope AS (
      SELECT id FROM objects WHERE owner_id = $6 AND id = $7 AND is_folder
      UNION ALL
      SELECT c.id FROM objects c JOIN scope ON c.parent_id = scope.id
      -- is_folder: the folder's own range of its (owner, parent, is_folder, …) indexes (a list of
      -- kinds would be checked on every child instead: ~1,700 reads per folder of a big drawer)
      WHERE c.owner_id = $8 AND c.is_folder
    )
    SELECT id FROM scope)) AND "objects"."search_head" @@ to_tsquery('simple', $9)
      ORDER BY score DESC, item_date DESC, id DESC LIMIT 51) UNION ALL (SELECT id, score, item_date FROM (
      SELECT "objects"."id" AS id, (0.03 * (1 + 0.25 / (1 + greatest(0, date_part('epoch', $10::timestamptz - "objects"."item_date") / 86400) / 180)))::float8 AS score, "objects"."item_date" AS item_date
      FROM "objects" WHERE  "objects"."owner_id" = $11 AND "objects"."data_type" <> 'root_object' AND "objects"."trashed_at" IS NULL AND "objects"."item_date" >= $12::timestamptz AND "objects"."parent_id" = ANY (ARRAY(
    WITH RECURSIVE scope AS (
      SELECT id FROM objects WHERE owner_id = $13 AND id = $14 AND is_folder
      UNION ALL
      SELECT c.id FROM objects c JOIN scope ON c.parent_id = scope.id
      -- is_folder: the folder's own range of its (owner, parent, is_folder, …) indexes (a list of
      -- kinds would be checked on every child instead: ~1,700 reads per folder of a big drawer)
      WHERE c.owner_id = $15 AND c.is_folder
    )
    SELECT id FROM scope)) AND "objects"."search_document" @@ to_tsquery('simple', $16) AND NOT ("objects"."search_head" @@ to_tsquery('simple', $17))
      OFFSET 0) AS matches
    ORDER BY item_date DESC, id DESC LIMIT 51) ORDER BY score DESC, item_date DESC, id DESC LIMIT 51 OFFSET 0),
    up AS (
      SELECT f.id AS leaf, f.id, f.parent_id, f.name, f.data_type, 0 AS depth FROM objects f
      WHERE f.owner_id = $18 AND f.id IN (SELECT o.parent_id FROM objects o WHERE o.id IN (SELECT id FROM hits))
      UNION ALL
      SELECT up.leaf, f.id, f.parent_id, f.name, f.data_type, up.depth + 1
      FROM up JOIN objects f ON f.id = up.parent_id AND f.owner_id = $19
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
        WHERE c.owner_id = $20 AND c.parent_id = "objects"."id")::integer END AS "childCount"
    FROM hits JOIN "objects" ON "objects"."id" = hits.id
      LEFT JOIN paths ON paths.leaf = "objects"."parent_id"
      CROSS JOIN LATERAL (SELECT strpos(lower(left("objects"."content", 20000)), $21) AS at) found
    ORDER BY hits.score DESC, "objects"."item_date" DESC, "objects"."id" DESC;

-- $1 = "'k7bfb24invoice':*"
-- $2 = "invoice"
-- $3 = "2026-03-01T12:00:00.000Z"
-- $4 = "0a4c5b6d-2222-4222-8222-222222222222"
-- $5 = "2026-01-01T00:00:00.000Z"
-- $6 = "0a4c5b6d-2222-4222-8222-222222222222"
-- $7 = "3f1c1d1e-1111-4111-8111-111111111111"
-- $8 = "0a4c5b6d-2222-4222-8222-222222222222"
-- $9 = "'k7bfb24invoice':*"
-- $10 = "2026-03-01T12:00:00.000Z"
-- $11 = "0a4c5b6d-2222-4222-8222-222222222222"
-- $12 = "2026-01-01T00:00:00.000Z"
-- $13 = "0a4c5b6d-2222-4222-8222-222222222222"
-- $14 = "3f1c1d1e-1111-4111-8111-111111111111"
-- $15 = "0a4c5b6d-2222-4222-8222-222222222222"
-- $16 = "'k7bfb24invoice':*"
-- $17 = "'k7bfb24invoice':*"
-- $18 = "0a4c5b6d-2222-4222-8222-222222222222"
-- $19 = "0a4c5b6d-2222-4222-8222-222222222222"
-- $20 = "0a4c5b6d-2222-4222-8222-222222222222"
-- $21 = "invoice"
