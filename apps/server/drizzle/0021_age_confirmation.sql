ALTER TABLE "oauth_states" ADD COLUMN "age_confirmation" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "age_confirmation" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "age_confirmed_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_age_confirmation_check" CHECK ("users"."age_confirmation" IN ('adult', 'guardian'));