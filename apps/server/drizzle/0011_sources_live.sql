-- Live data: a change to any of a user's source connections (state, progress, last sync) is announced
-- on `easio_live` as topic `sources`, so the source pages follow an import as it runs.
CREATE FUNCTION "easio_live_sources"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify(
    'easio_live',
    json_build_object('topic', 'sources', 'user_id', COALESCE(NEW.owner_id, OLD.owner_id))::text
  );
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "source_connections_live" AFTER INSERT OR UPDATE OR DELETE ON "source_connections"
  FOR EACH ROW EXECUTE FUNCTION "easio_live_sources"();
