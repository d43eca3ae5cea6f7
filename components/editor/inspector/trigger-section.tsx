"use client";
/**
 * For trigger nodes: a webhook's URL (with a copy button and a curl line), or a schedule's next run times and its
 * record as saved.
 */
import { useEffect, useState } from "react";
import { CopyButton } from "@/components/ui/copy-button";
import { cronProblem, nextRunTimes } from "@/lib/triggers/cron";
import { useEditorStore } from "../editor-store-context";
import { ScheduleRecord } from "./schedule-record";

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

function ScheduleTimes({ cron, timezone }: { cron: string; timezone: string }) {
  const problem = cron.trim() ? cronProblem(cron.trim(), timezone) : "Write a cron schedule to see when it runs.";
  const times = problem ? [] : nextRunTimes(cron.trim(), timezone, 3);
  const format = new Intl.DateTimeFormat("en", { dateStyle: "medium", timeStyle: "medium", timeZone: timezone });
  return (
    <section className="inspector-section" data-testid="schedule-section">
      <h3 className="inspector-section-title">Next runs</h3>
      {problem ? (
        <p className="field-help">{problem}</p>
      ) : (
        <ul className="trigger-times" data-testid="schedule-next-runs">
          {times.map((time) => (
            <li key={time}>
              {format.format(new Date(time))} <span className="field-help">({timezone})</span>
            </li>
          ))}
        </ul>
      )}
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
        <ScheduleTimes cron={typeof params.cron === "string" ? params.cron : ""} timezone={timezone} />
        <ScheduleRecord nodeId={nodeId} timezone={timezone} />
      </>
    );
  }
  return null;
}
