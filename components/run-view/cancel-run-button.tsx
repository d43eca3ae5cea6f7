"use client";
/** Cancels a queued or running run through `POST /api/runs/[id]/cancel`; the run's events show the outcome. */
import { Ban } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";

export function CancelRunButton({ runId }: { runId: string }) {
  const [state, setState] = useState<"idle" | "sending" | "error">("idle");
  const [error, setError] = useState<string>();
  async function cancel() {
    setState("sending");
    const response = await fetch(`/api/runs/${runId}/cancel`, { method: "POST" }).catch(() => null);
    if (response?.ok) return; // stays "sending" until run.cancelled arrives and this button goes away
    const body = response ? ((await response.json().catch(() => ({}))) as { error?: string }) : {};
    setError(body.error ?? "Could not reach the server");
    setState("error");
  }
  return (
    <Button
      variant="danger"
      size="sm"
      onClick={cancel}
      disabled={state === "sending"}
      data-testid="cancel-run"
      title={error}
    >
      <Ban size={14} aria-hidden /> {state === "sending" ? "Cancelling…" : "Cancel run"}
    </Button>
  );
}
