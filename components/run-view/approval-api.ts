/** The run view's call to decide a waiting approval; resolves to the API's error message, or null when recorded. */
export type ApprovalDecisionInput = { decision: "approved" | "denied"; args?: Record<string, unknown> };

export async function sendApprovalDecision(
  runId: string,
  callId: string,
  input: ApprovalDecisionInput,
): Promise<string | null> {
  const response = await fetch(`/api/runs/${encodeURIComponent(runId)}/approvals/${encodeURIComponent(callId)}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(input),
  });
  if (response.ok) return null;
  const answer = (await response.json().catch(() => null)) as { error?: string } | null;
  return answer?.error ?? `The server answered ${response.status}`;
}
