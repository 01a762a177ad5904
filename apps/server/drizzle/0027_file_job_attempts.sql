ALTER TABLE "objects" ADD COLUMN "job_attempts" smallint DEFAULT 0 NOT NULL;
