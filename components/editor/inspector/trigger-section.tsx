"use client";
/**
 * For trigger nodes: a webhook's URL (with a copy button and a curl line), or a schedule's next run times and its
 * record as saved. The next run times (cron-parser, with luxon under it) load when a schedule is first selected, not
 * with the editor.
 */
import { lazy, Suspense, useEffect, useState } from "react";
import { CopyButton } from "@/components/ui/copy-button";
import { useEditorStore } from "../editor-store-context";
import { ScheduleRecord } from "./schedule-record";

const ScheduleTimes = lazy(() => import("./schedule-times").then((module) => ({ default: module.ScheduleTimes })));

function WebhookUrl({ nodeId }: { nodeId: string }) {
  const workflowId = useEditorStore((state) => state.workflowId);
  const [origin, setOrigin] = useState("");
  useEffect(() => setOrigin(window.location.origin), []);
  if (!workflowId) return null;
  const url = `${origin}/api/hooks/${workflowId}/${nodeId}`;
  const curl =
    `curl -X POST '${url}' -H 'content-type: application/json' ` + `-H 'x-webhook-secret: …' -d '{"hello":"world"}'`;
  return (
    <section className="inspector-section" data-testid="webhook-section">
      <h3 className="inspector-section-title">Webhook URL</h3>
      <div className="trigger-url">
        <code data-testid="webhook-url">{url}</code>
        <CopyButton text={url} label="Copy the URL" testId="copy-webhook-url" />
      </div>
      <p className="field-help">
        POST JSON here; the body is the run&apos;s input. Send the secret below in X-Webhook-Secret, or an API key. It
        runs the published version: a change here is live once you publish.
      </p>
      <div className="trigger-url">
        <code className="trigger-curl">{curl}</code>
        <CopyButton text={curl} label="Copy as curl" testId="copy-webhook-curl" />
      </div>
    </section>
  );
}

export function TriggerSection({
  nodeId,
  trigger,
  params,
}: {
  nodeId: string;
  trigger: string | undefined;
  params: Record<string, unknown>;
}) {
  if (trigger === "webhook") return <WebhookUrl nodeId={nodeId} />;
  if (trigger === "schedule") {
    const timezone = typeof params.timezone === "string" && params.timezone.trim() ? params.timezone.trim() : "UTC";
    return (
      <>
        <Suspense fallback={null}>
          <ScheduleTimes cron={typeof params.cron === "string" ? params.cron : ""} timezone={timezone} />
        </Suspense>
        <ScheduleRecord nodeId={nodeId} timezone={timezone} />
      </>
    );
  }
  return null;
}
