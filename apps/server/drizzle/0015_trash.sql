ALTER TABLE "objects" ADD COLUMN "trashed_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "objects" ADD COLUMN "trashed_from" uuid;--> statement-breakpoint
ALTER TABLE "objects" ADD CONSTRAINT "objects_trashed_from_objects_id_fk" FOREIGN KEY ("trashed_from") REFERENCES "public"."objects"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "objects_trash_idx" ON "objects" USING btree ("owner_id","trashed_at") WHERE trashed_at IS NOT NULL;--> statement-breakpoint
CREATE INDEX "objects_trashed_from_idx" ON "objects" USING btree ("trashed_from");