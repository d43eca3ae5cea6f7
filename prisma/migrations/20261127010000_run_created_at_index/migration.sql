-- Insights and the runs list read runs of a time window across every workflow (lib/insights/insights-sql.ts).
CREATE INDEX "Run_createdAt_idx" ON "Run"("createdAt");
