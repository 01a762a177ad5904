-- The recommendation view of spec section 3, as the live data (GraphQL) and the API read it:
-- `user_id` names the owner, `object_count` the items proposed.
CREATE VIEW "recommendations_view" AS
SELECT
  r.id,
  r.owner_id AS user_id,
  cardinality(r.object_ids) AS object_count,
  r.object_ids,
  r.drawer_name_options,
  r.binder_name_options,
  r.tags,
  r.ignored,
  r.binder_id,
  r.score,
  r.accepted_at,
  r.created_at
FROM "recommendations" r;
