/** The statuses a run goes through, in order: shared by the API, the database queries and the browser. */
export const RUN_STATUSES = ["queued", "running", "waiting", "completed", "failed", "cancelled"] as const;
export type RunStatusName = (typeof RUN_STATUSES)[number];
