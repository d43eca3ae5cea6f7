/**
 * Streamed text as run events: gathered per STREAM_FLUSH_MS, flushed whole at the end, nothing for nothing, secrets
 * redacted across events.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Redactor } from "../secrets/redact";
import { createStreamRedactor } from "../secrets/stream-redactor";
import type { RunEventInput } from "./events";
import { createTextStreamer, STREAM_FLUSH_MS } from "./text-streamer";

describe("createTextStreamer", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("notes one agent.text per interval with the deltas of that interval, and the rest at the end", () => {
    const noted: RunEventInput[] = [];
    const streamer = createTextStreamer((event) => noted.push(event), "agent", 2);
    streamer.push("The ");
    streamer.push("server ");
    expect(noted).toEqual([]);
    vi.advanceTimersByTime(STREAM_FLUSH_MS);
    expect(noted).toEqual([{ type: "agent.text", payload: { nodeId: "agent", iteration: 2, text: "The server " } }]);
    streamer.push("is ");
    streamer.push("healthy.");
    streamer.end();
    expect(noted.map((event) => (event.payload as { text: string }).text)).toEqual(["The server ", "is healthy."]);
    vi.advanceTimersByTime(STREAM_FLUSH_MS * 3);
    expect(noted).toHaveLength(2);
  });

  it("redacts a secret whose pieces fall into two intervals: no event holds any part of it", () => {
    const secret = "sk-split-0123456789";
    const noted: RunEventInput[] = [];
    const streamer = createTextStreamer((event) => noted.push(event), "agent", 1, {
      streamRedactor: () => createStreamRedactor(new Redactor([secret])),
    });
    streamer.push("Your key is sk-split-01");
    vi.advanceTimersByTime(STREAM_FLUSH_MS);
    streamer.push("23456789, keep it safe.");
    streamer.end();
    const texts = noted.map((event) => (event.payload as { text: string }).text);
    expect(texts.join("")).toBe("Your key is [secret], keep it safe.");
    for (const text of texts) expect(text).not.toMatch(/sk-split|23456789/);
  });

  it("notes nothing when nothing streamed", () => {
    const noted: RunEventInput[] = [];
    createTextStreamer((event) => noted.push(event), "agent", 1).end();
    vi.advanceTimersByTime(STREAM_FLUSH_MS * 2);
    expect(noted).toEqual([]);
  });
});
