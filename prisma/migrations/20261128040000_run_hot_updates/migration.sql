-- A run is updated many times while it runs: its lease every few seconds, its event count and cost with every batch
-- of events. None of those changes an indexed column once the lease time leaves the status index, so PostgreSQL can
-- update the row in place (a HOT update: no new entry in any of the six indexes of the table) whenever its page has
-- room, and pages are now filled to 70 percent to leave that room. The stuck-run sweeper finds running runs by status.
-- Each step may be applied again (a start that stopped halfway through it).
DROP INDEX IF EXISTS "Run_status_leaseUntil_idx";

CREATE INDEX IF NOT EXISTS "Run_status_idx" ON "Run"("status");

ALTER TABLE "Run" SET (fillfactor = 70);
