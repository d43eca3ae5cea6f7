"use client";
/** Opens the exact graph this run used (not the workflow as edited since) as a new workflow in the editor. */
import { History } from "lucide-react";
import { unstable_rethrow } from "next/navigation";
import { useState, useTransition } from "react";
import { openRunGraphAction } from "@/app/runs/actions";
import { Button } from "@/components/ui/button";

export function OpenRunGraphButton({ runId }: { runId: string }) {
  const [error, setError] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();
  const open = () =>
    startTransition(async () => {
      try {
        const result = await openRunGraphAction(runId); // redirects to the new workflow on success
        setError(result.error);
      } catch (caught) {
        unstable_rethrow(caught);
        setError(caught instanceof Error ? caught.message : "Could not reach the server");
      }
    });
  return (
    <Button
      onClick={open}
      disabled={pending}
      title={error ?? "Open the graph this run used as a new workflow"}
      data-testid="open-run-graph"
    >
      <History size={14} aria-hidden /> {error ? "Could not open" : "Open this version"}
    </Button>
  );
}
