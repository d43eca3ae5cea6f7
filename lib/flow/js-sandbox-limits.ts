/**
 * The Code node's default sandbox limits, apart from the sandbox itself so the catalogue can name them without loading
 * QuickJS.
 */
export type SandboxLimits = { timeMs: number; memoryBytes: number };
export const DEFAULT_SANDBOX_LIMITS: SandboxLimits = { timeMs: 2_000, memoryBytes: 32 * 1024 * 1024 };
