"use client";
/**
 * A saved schedule's record (GET /api/workflows/{id}/schedules): armed or not, BullMQ's next firing, the last firing
 * and its run, recent missed firings.
 */
import Link from "next/link";
import { useEffect, useState } from "react";
import { formatRelativeTime } from "@/components/ui/format-relative-time";
import { useEditorStore } from "../editor-store-context";

type MissNote = {
  firstMissedAt: string;
  lastMissedAt: string;
  count: number;
  policy: string;
  catchUpRunId: string | null;
};
type ScheduleRecordData = {
  nodeId: string;
  armed: boolean;
  nextFireAt: string | null;
  lastFiredAt: string | null;
  lastRunId: string | null;
  misses: MissNote[];
};

const REFRESH_MS = 10_000;

function useScheduleRecord(workflowId: string | undefined, nodeId: string): ScheduleRecordData | null | undefined {
  const [record, setRecord] = useState<ScheduleRecordData | null | undefined>(undefined);
  useEffect(() => {
    if (!workflowId) return;
    let live = true;
    const load = () =>
      void fetch(`/api/workflows/${encodeURIComponent(workflowId)}/schedules`)
        .then((response) => (response.ok ? (response.json() as Promise<{ schedules: ScheduleRecordData[] }>) : null))
        .then((body) => live && setRecord(body?.schedules.find((schedule) => schedule.nodeId === nodeId) ?? null))
        .catch(() => undefined);
    load();
    const timer = setInterval(load, REFRESH_MS);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, [workflowId, nodeId]);
  return record;
}

function MissLine({ miss, format }: { miss: MissNote; format: Intl.DateTimeFormat }) {
  const span =
    miss.count === 1
      ? format.format(new Date(miss.firstMissedAt))
      : `${format.format(new Date(miss.firstMissedAt))} – ${format.format(new Date(miss.lastMissedAt))}`;
  return (
    <li data-testid="schedule-miss">
      Missed {miss.count.toLocaleString("en")} firing{miss.count === 1 ? "" : "s"} ({span}):{" "}
      {miss.catchUpRunId ? (
        <>
          caught up once, <Link href={`/runs/${miss.catchUpRunId}`}>run</Link>
        </>
      ) : miss.policy === "catchUpOnce" ? (
        "the catch-up run did not start (see the worker log)"
      ) : (
        "skipped"
      )}
    </li>
  );
}

export function ScheduleRecord({ nodeId, timezone }: { nodeId: string; timezone: string }) {
  const workflowId = useEditorStore((state) => state.workflowId);
  const record = useScheduleRecord(workflowId, nodeId);
  if (!workflowId || record === undefined) return null;
  const format = new Intl.DateTimeFormat("en", { dateStyle: "medium", timeStyle: "medium", timeZone: timezone });
  return (
    <section className="inspector-section" data-testid="schedule-record">
      <h3 className="inspector-section-title">As saved</h3>
      {!record ? (
        <p className="field-help">Save the workflow to arm this schedule.</p>
      ) : (
        <ul className="trigger-times">
          <li data-testid="schedule-next-firing">
            Next firing:{" "}
            {record.nextFireAt
              ? format.format(new Date(record.nextFireAt))
              : "not armed in Redis yet (workers re-arm schedules from the database every 30 s)"}
          </li>
          <li data-testid="schedule-last-firing">
            Last firing:{" "}
            {record.lastFiredAt ? (
              <>
                {formatRelativeTime(new Date(record.lastFiredAt))}
                {record.lastRunId && (
                  <>
                    {" "}
                    · <Link href={`/runs/${record.lastRunId}`}>run</Link>
                  </>
                )}
              </>
            ) : (
              "not yet"
            )}
          </li>
          {record.misses.map((miss) => (
            <MissLine key={miss.firstMissedAt} miss={miss} format={format} />
          ))}
        </ul>
      )}
    </section>
  );
}
