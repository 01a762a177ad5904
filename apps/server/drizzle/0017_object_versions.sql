ALTER TABLE "objects" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;
--> statement-breakpoint
-- Every change of what a user edits (name, text, address, tags, a place's point, label and address)
-- counts one more version, whoever makes it: the web app, a sync, a link preview naming a link. What
-- background work alone changes (job state, a preview's description, a photo's EXIF) does not, so an
-- edit in progress is not refused for it. The column list keeps moves and trashing off this trigger.
CREATE FUNCTION easio_next_version() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  NEW.version := OLD.version + 1;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "objects_version" BEFORE UPDATE OF "name", "content", "url", "tags", "metadata" ON "objects"
  FOR EACH ROW WHEN (
    OLD.name IS DISTINCT FROM NEW.name
    OR OLD.content IS DISTINCT FROM NEW.content
    OR OLD.url IS DISTINCT FROM NEW.url
    OR OLD.tags IS DISTINCT FROM NEW.tags
    OR OLD.metadata -> 'latitude' IS DISTINCT FROM NEW.metadata -> 'latitude'
    OR OLD.metadata -> 'longitude' IS DISTINCT FROM NEW.metadata -> 'longitude'
    OR OLD.metadata -> 'label' IS DISTINCT FROM NEW.metadata -> 'label'
    OR OLD.metadata -> 'address' IS DISTINCT FROM NEW.metadata -> 'address'
  ) EXECUTE FUNCTION easio_next_version();
