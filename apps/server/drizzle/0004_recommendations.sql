CREATE TABLE "filing_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "filing_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"owner_id" uuid NOT NULL,
	"object_id" uuid NOT NULL,
	"binder_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"recommendation_id" bigint,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recommendation_runs" (
	"owner_id" uuid PRIMARY KEY NOT NULL,
	"state" text NOT NULL,
	"again" boolean DEFAULT false NOT NULL,
	"requested_at" timestamp (3) with time zone,
	"started_at" timestamp (3) with time zone,
	"finished_at" timestamp (3) with time zone,
	"created" integer DEFAULT 0 NOT NULL,
	"unfiled" integer DEFAULT 0 NOT NULL,
	"error" text
);
--> statement-breakpoint
CREATE TABLE "recommendations" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "recommendations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"owner_id" uuid NOT NULL,
	"object_ids" uuid[] NOT NULL,
	"drawer_name_options" text[] NOT NULL,
	"binder_name_options" text[] NOT NULL,
	"tags" text[] NOT NULL,
	"binder_id" uuid,
	"ignored" boolean DEFAULT false NOT NULL,
	"accepted_at" timestamp (3) with time zone,
	"score" double precision NOT NULL,
	"model_version" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "filing_events" ADD CONSTRAINT "filing_events_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "filing_events" ADD CONSTRAINT "filing_events_object_id_objects_id_fk" FOREIGN KEY ("object_id") REFERENCES "public"."objects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "filing_events" ADD CONSTRAINT "filing_events_binder_id_objects_id_fk" FOREIGN KEY ("binder_id") REFERENCES "public"."objects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "filing_events" ADD CONSTRAINT "filing_events_recommendation_id_recommendations_id_fk" FOREIGN KEY ("recommendation_id") REFERENCES "public"."recommendations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recommendation_runs" ADD CONSTRAINT "recommendation_runs_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recommendations" ADD CONSTRAINT "recommendations_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recommendations" ADD CONSTRAINT "recommendations_binder_id_objects_id_fk" FOREIGN KEY ("binder_id") REFERENCES "public"."objects"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "filing_events_owner_idx" ON "filing_events" USING btree ("owner_id","id");--> statement-breakpoint
CREATE INDEX "filing_events_object_idx" ON "filing_events" USING btree ("object_id");--> statement-breakpoint
CREATE INDEX "filing_events_binder_idx" ON "filing_events" USING btree ("binder_id");--> statement-breakpoint
CREATE INDEX "recommendations_owner_open_idx" ON "recommendations" USING btree ("owner_id","id") WHERE NOT "recommendations"."ignored";