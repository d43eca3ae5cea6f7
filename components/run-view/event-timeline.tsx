/** The run's events as a timeline, each with its time since the run was queued. */
import { Activity } from "lucide-react";
import type { RunEvent } from "@/lib/runs/events";
import { cx } from "@/components/ui/class-names";
import { describeEvent, NOT_ON_TIMELINE } from "./describe-event";
import { formatDuration } from "./format-duration";
import { PanelSection } from "./panel-section";

/** `since`: when the run was queued, so times stay the same whichever events are shown. */
type EventTimelineProps = { events: RunEvent[]; since?: string; labelOf: (nodeId: string) => string };

export function EventTimeline({ events: all, since, labelOf }: EventTimelineProps) {
  const origin = Date.parse(since ?? all[0]?.at ?? "");
  const events = all.filter((event) => !NOT_ON_TIMELINE.has(event.type));
  return (
    <PanelSection
      title="Timeline"
      icon={<Activity size={14} aria-hidden />}
      count={events.length}
      testId="event-timeline"
    >
      {events.length === 0 ? (
        <p className="panel-empty">Events appear here as the run goes.</p>
      ) : (
        <ol className="timeline">
          {events.map((event) => {
            const entry = describeEvent(event, labelOf);
            return (
              <li
                key={event.seq}
                className={cx("timeline-item", `timeline-${entry.tone}`)}
                data-testid="timeline-event"
                data-event-type={event.type}
              >
                <span className="timeline-dot" aria-hidden />
                <div className="timeline-body">
                  <div className="timeline-title">{entry.title}</div>
                  {entry.detail && <div className="timeline-detail">{entry.detail}</div>}
                </div>
                <time className="timeline-time" dateTime={event.at} title={new Date(event.at).toLocaleString("en")}>
                  +{formatDuration(Date.parse(event.at) - origin)}
                </time>
              </li>
            );
          })}
        </ol>
      )}
    </PanelSection>
  );
}
