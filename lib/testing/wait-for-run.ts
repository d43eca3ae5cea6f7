/** Polls the real HTTP API until a run reaches a terminal status. */
import type { ApiClient } from "./api-client";
import { waitFor } from "./wait-for";

export type RunStatusBody = { status: string; output: unknown; error: string | null };

export const waitForRun = (api: ApiClient, runId: string, timeoutMs = 20_000): Promise<RunStatusBody> =>
  waitFor(
    `run ${runId} to end`,
    async () => {
      const body = (await (await api.fetch(`/api/runs/${runId}`)).json()) as RunStatusBody;
      return ["completed", "failed", "cancelled"].includes(body.status) ? body : undefined;
    },
    timeoutMs,
  );
