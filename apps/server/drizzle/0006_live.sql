-- Live data: every change to a user's row or to their recommendations is announced on the
-- `easio_live` channel as {"topic", "user_id"}, whichever code path (or process) made it. Each
-- server process LISTENs and re-reads what its GraphQL subscribers watch. Within one transaction
-- PostgreSQL sends identical notifications once, so a generation storing 200 proposals is one event.
CREATE FUNCTION "easio_live_users"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('easio_live', json_build_object('topic', 'users', 'user_id', COALESCE(NEW.id, OLD.id))::text);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "users_live" AFTER UPDATE ON "users"
  FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION "easio_live_users"();
--> statement-breakpoint
CREATE TRIGGER "users_live_deleted" AFTER DELETE ON "users"
  FOR EACH ROW EXECUTE FUNCTION "easio_live_users"();
--> statement-breakpoint
CREATE FUNCTION "easio_live_recommendations"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify(
    'easio_live',
    json_build_object('topic', 'recommendations', 'user_id', COALESCE(NEW.owner_id, OLD.owner_id))::text
  );
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "recommendations_live" AFTER INSERT OR UPDATE OR DELETE ON "recommendations"
  FOR EACH ROW EXECUTE FUNCTION "easio_live_recommendations"();
