-- What a run's model calls have cost so far, in US dollars (lib/settings/model-price-table.ts).
ALTER TABLE "Run" ADD COLUMN "costUsd" DOUBLE PRECISION NOT NULL DEFAULT 0;
