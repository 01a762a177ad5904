ALTER TABLE "objects" ADD COLUMN "ocr_state" text;--> statement-breakpoint
ALTER TABLE "objects" ADD COLUMN "ocr_error" text;--> statement-breakpoint
ALTER TABLE "objects" ADD COLUMN "ocr_confidence" real;--> statement-breakpoint
ALTER TABLE "objects" ADD COLUMN "ocr_pages" integer;--> statement-breakpoint
ALTER TABLE "objects" ADD COLUMN "date_source" text;