"use client";
/** A schedule's next run times in its time zone, or what is wrong with its cron pattern or zone. */
import { cronProblem, nextRunTimes } from "@/lib/triggers/cron";

export function ScheduleTimes({ cron, timezone }: { cron: string; timezone: string }) {
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
