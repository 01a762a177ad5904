-- Saves the extension sent twice at the same moment (possible before this index) keep both items; only
-- the earliest keeps the extension's id, so the unique index below can be built.
UPDATE "objects" SET "metadata" = "metadata" - 'client_id'
WHERE "id" IN (
	SELECT "id" FROM (
		SELECT "id", row_number() OVER (
			PARTITION BY "owner_id", "metadata"->>'client_id' ORDER BY "created_at", "id"
		) AS "n"
		FROM "objects"
		WHERE "metadata" ? 'client_id'
	) AS "saves"
	WHERE "n" > 1
);--> statement-breakpoint
CREATE UNIQUE INDEX "objects_owner_client_id_key" ON "objects" USING btree ("owner_id", ("metadata"->>'client_id')) WHERE "metadata" ? 'client_id';
