/** Polls the real HTTP API until a run reaches a terminal status. */
export type RunStatusBody = { status: string; output: unknown; error: string | null };

export async function waitForRun(baseUrl: string, runId: string, timeoutMs = 20_000): Promise<RunStatusBody> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const body = (await (await fetch(`${baseUrl}/api/runs/${runId}`)).json()) as RunStatusBody;
    if (["completed", "failed", "cancelled"].includes(body.status)) return body;
    if (Date.now() > deadline) throw new Error(`run ${runId} still ${body.status} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
