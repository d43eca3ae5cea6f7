"use client";
/**
 * Follows a run's events live over Server-Sent Events. Starts from the events the server already
 * rendered, keeps them ordered by seq without duplicates, and closes the stream once the run ends.
 * A dropped connection is resumed by the browser itself, with Last-Event-ID.
 */
import { useEffect, useState } from "react";
import type { RunEvent } from "@/lib/runs/events";
import { TERMINAL_EVENT_TYPES } from "@/lib/runs/terminal-events";
import { mergeEvents } from "@/components/run-view/merge-events";

export type EventConnection = "connecting" | "live" | "reconnecting" | "closed" | "lost";

const hasEnded = (events: readonly RunEvent[]) => events.some((event) => TERMINAL_EVENT_TYPES.has(event.type));

export function useRunEvents(
  runId: string,
  initialEvents: RunEvent[],
): { events: RunEvent[]; connection: EventConnection } {
  const [events, setEvents] = useState(initialEvents);
  const [connection, setConnection] = useState<EventConnection>(() =>
    hasEnded(initialEvents) ? "closed" : "connecting",
  );

  useEffect(() => {
    if (hasEnded(initialEvents)) return;
    const after = initialEvents.at(-1)?.seq ?? 0;
    const source = new EventSource(
      `/api/runs/${encodeURIComponent(runId)}/events${after > 0 ? `?after=${after}` : ""}`,
    );
    source.onopen = () => setConnection("live");
    source.onmessage = (message: MessageEvent<string>) => {
      const event = JSON.parse(message.data) as RunEvent;
      setEvents((current) => mergeEvents(current, [event]));
      if (TERMINAL_EVENT_TYPES.has(event.type)) {
        source.close();
        setConnection("closed");
      }
    };
    // CONNECTING after an error means the browser is retrying; CLOSED means it gave up (a 404, say).
    source.onerror = () => setConnection(source.readyState === EventSource.CLOSED ? "lost" : "reconnecting");
    return () => source.close();
    // The initial events only say where to start; a new list for the same run must not reconnect.
  }, [runId]);

  return { events, connection };
}
