-- What started a run (manual, API, a webhook or a schedule, and which trigger node).
ALTER TABLE "Run" ADD COLUMN     "trigger" JSONB;
