CREATE TABLE "download_tickets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"object_ids" uuid[] NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
DROP INDEX "objects_owner_parent_idx";--> statement-breakpoint
ALTER TABLE "objects" ALTER COLUMN "source_created_at" SET DATA TYPE timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "objects" ALTER COLUMN "created_at" SET DATA TYPE timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "objects" ALTER COLUMN "created_at" SET DEFAULT now();--> statement-breakpoint
ALTER TABLE "objects" ALTER COLUMN "updated_at" SET DATA TYPE timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "objects" ALTER COLUMN "updated_at" SET DEFAULT now();--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "created_at" SET DATA TYPE timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "created_at" SET DEFAULT now();--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "updated_at" SET DATA TYPE timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "updated_at" SET DEFAULT now();--> statement-breakpoint
ALTER TABLE "objects" ADD COLUMN "duplicate_of" uuid;--> statement-breakpoint
ALTER TABLE "objects" ADD COLUMN "thumbnail_key" text;--> statement-breakpoint
ALTER TABLE "objects" ADD COLUMN "job_state" text;--> statement-breakpoint
ALTER TABLE "objects" ADD COLUMN "job_error" text;--> statement-breakpoint
ALTER TABLE "objects" ADD COLUMN "item_date" timestamp (3) with time zone GENERATED ALWAYS AS (coalesce(source_created_at, created_at)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "download_tickets" ADD CONSTRAINT "download_tickets_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "objects" ADD CONSTRAINT "objects_duplicate_of_objects_id_fk" FOREIGN KEY ("duplicate_of") REFERENCES "public"."objects"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "objects_parent_date_idx" ON "objects" USING btree ("owner_id","parent_id","item_date","id");--> statement-breakpoint
CREATE INDEX "objects_parent_name_idx" ON "objects" USING btree ("owner_id","parent_id",lower("name"),"id");--> statement-breakpoint
CREATE INDEX "objects_parent_size_idx" ON "objects" USING btree ("owner_id","parent_id",coalesce("size", -1),"id");--> statement-breakpoint
CREATE INDEX "objects_parent_kind_idx" ON "objects" USING btree ("owner_id","parent_id","data_type",lower("name"),"id");--> statement-breakpoint
CREATE INDEX "objects_source_date_idx" ON "objects" USING btree ("owner_id","source","item_date","id");--> statement-breakpoint
CREATE INDEX "objects_owner_date_idx" ON "objects" USING btree ("owner_id","item_date","id");--> statement-breakpoint
CREATE INDEX "objects_owner_sha256_idx" ON "objects" USING btree ("owner_id","sha256");--> statement-breakpoint
CREATE INDEX "objects_duplicate_of_idx" ON "objects" USING btree ("duplicate_of");