-- request: {"q":"invioce -march"}
WITH RECURSIVE hits AS (
    WITH walked AS MATERIALIZED (
      SELECT recent.id, recent.item_date, recent.head @@ to_tsquery('simple', $1) AS in_head FROM (
        SELECT "objects"."id" AS id, "objects"."item_date" AS item_date, "objects"."search_document" AS document, "objects"."search_head" AS head
        FROM "objects" WHERE "objects"."owner_id" = $2 AND "objects"."data_type" <> 'root_object' AND "objects"."trashed_at" IS NULL
        ORDER BY "objects"."item_date" DESC, "objects"."id" DESC LIMIT coalesce((SELECT CASE WHEN share * 1500 >= 51
      THEN ceil(153 / share)::integer ELSE 0 END
    FROM (SELECT least(1.0, ((SELECT coalesce(sum(documents), 0) FROM search_words WHERE owner_id = $3
          AND word >= $4::text AND word < $5::text || chr(1114111)) + (SELECT coalesce(sum(documents), 0) FROM search_words WHERE owner_id = $6 AND word = $7::text))::float8 / total.documents) AS share FROM search_words total
      WHERE total.owner_id = $8 AND total.word = '' AND total.documents > 0) estimate), 0)
      ) recent
      WHERE recent.document @@ to_tsquery('simple', $9)
      ORDER BY recent.item_date DESC, recent.id DESC LIMIT 51)
    (SELECT "objects"."id" AS id, ((ts_rank('{0.05, 0.2, 0.4, 1.0}'::float4[], "objects"."search_head", to_tsquery('simple', $10)) + 0.03) * (1 + 0.25 / (1 + greatest(0, date_part('epoch', $11::timestamptz - "objects"."item_date") / 86400) / 180)))::float8 AS score, "objects"."item_date" AS item_date
      FROM "objects" WHERE ("objects"."owner_id" = $12) IS TRUE AND "objects"."data_type" <> 'root_object' AND "objects"."trashed_at" IS NULL AND "objects"."search_head" @@ to_tsquery('simple', $13) AND "objects"."search_document" @@ to_tsquery('simple', $14)
      ORDER BY score DESC, item_date DESC, id DESC LIMIT 51)
    UNION ALL
    (SELECT walked.id, (0.03 * (1 + 0.25 / (1 + greatest(0, date_part('epoch', $15::timestamptz - walked.item_date) / 86400) / 180)))::float8, walked.item_date FROM walked
      WHERE (SELECT count(*) FROM walked) >= 51 AND NOT walked.in_head)
    UNION ALL
    (SELECT id, score, item_date FROM (
      SELECT "objects"."id" AS id, (0.03 * (1 + 0.25 / (1 + greatest(0, date_part('epoch', $16::timestamptz - "objects"."item_date") / 86400) / 180)))::float8 AS score, "objects"."item_date" AS item_date
      FROM "objects" WHERE (SELECT count(*) FROM walked) < 51 AND ("objects"."owner_id" = $17) IS TRUE AND "objects"."data_type" <> 'root_object' AND "objects"."trashed_at" IS NULL AND "objects"."search_document" @@ to_tsquery('simple', $18) AND NOT ("objects"."search_head" @@ to_tsquery('simple', $19))
      ) AS matches
    ORDER BY item_date DESC, id DESC LIMIT 51)
    ORDER BY score DESC, item_date DESC, id DESC LIMIT 51 OFFSET 0),
    up AS (
      SELECT f.id AS leaf, f.id, f.parent_id, f.name, f.data_type, 0 AS depth FROM objects f
      WHERE f.owner_id = $20 AND f.id IN (SELECT o.parent_id FROM objects o WHERE o.id IN (SELECT id FROM hits))
      UNION ALL
      SELECT up.leaf, f.id, f.parent_id, f.name, f.data_type, up.depth + 1
      FROM up JOIN objects f ON f.id = up.parent_id AND f.owner_id = $21
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
        WHERE c.owner_id = $22 AND c.parent_id = "objects"."id")::integer END AS "childCount"
    FROM hits JOIN "objects" ON "objects"."id" = hits.id
      LEFT JOIN paths ON paths.leaf = "objects"."parent_id"
      CROSS JOIN LATERAL (SELECT strpos(lower(left("objects"."content", 20000)), $23) AS at) found
    ORDER BY hits.score DESC, "objects"."item_date" DESC, "objects"."id" DESC;

-- $1 = "('k7bfb24invioce':* | 'k7bfb24invoice') & !('k7bfb24march':*)"
-- $2 = "0a4c5b6d-2222-4222-8222-222222222222"
-- $3 = "0a4c5b6d-2222-4222-8222-222222222222"
-- $4 = "invioce"
-- $5 = "invioce"
-- $6 = "0a4c5b6d-2222-4222-8222-222222222222"
-- $7 = "invoice"
-- $8 = "0a4c5b6d-2222-4222-8222-222222222222"
-- $9 = "('k7bfb24invioce':* | 'k7bfb24invoice') & !('k7bfb24march':*)"
-- $10 = "('k7bfb24invioce':* | 'k7bfb24invoice') & !('k7bfb24march':*)"
-- $11 = "2026-03-01T12:00:00.000Z"
-- $12 = "0a4c5b6d-2222-4222-8222-222222222222"
-- $13 = "('k7bfb24invioce':* | 'k7bfb24invoice') & !('k7bfb24march':*)"
-- $14 = "('k7bfb24invioce':* | 'k7bfb24invoice') & !('k7bfb24march':*)"
-- $15 = "2026-03-01T12:00:00.000Z"
-- $16 = "2026-03-01T12:00:00.000Z"
-- $17 = "0a4c5b6d-2222-4222-8222-222222222222"
-- $18 = "('k7bfb24invioce':* | 'k7bfb24invoice') & !('k7bfb24march':*)"
-- $19 = "('k7bfb24invioce':* | 'k7bfb24invoice') & !('k7bfb24march':*)"
-- $20 = "0a4c5b6d-2222-4222-8222-222222222222"
-- $21 = "0a4c5b6d-2222-4222-8222-222222222222"
-- $22 = "0a4c5b6d-2222-4222-8222-222222222222"
-- $23 = "invoice"
