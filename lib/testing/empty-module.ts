/** Stands in for `server-only` under Vitest, where every module is server code. */
export {};
