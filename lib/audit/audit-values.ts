/**
 * The values an audit row's caller and outcome take: shared by the trail's writer, its reader and the page's filters
 * (pure, so the browser can import it).
 */
export const AUDIT_OUTCOMES = ["completed", "error", "blocked", "denied"] as const;
export type AuditOutcome = (typeof AUDIT_OUTCOMES)[number];

export const AUDIT_CALLERS = ["agent", "external"] as const;
export type AuditCaller = (typeof AUDIT_CALLERS)[number];
