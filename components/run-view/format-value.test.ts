/** Tool results as a person reads them: JSON inside JSON unpacked, long text cut short. */
import { describe, expect, it } from "vitest";
import { prettyValue, previewValue } from "./format-value";

const httpResult = JSON.stringify({ status: 200, body: JSON.stringify({ status: "ok", redis: "ok" }) });

describe("tool value formatting", () => {
  it("shows an HTTP tool's JSON body as JSON, not an escaped string", () => {
    expect(previewValue(httpResult)).toBe('{"status":200,"body":{"status":"ok","redis":"ok"}}');
    expect(prettyValue(httpResult)).toContain('"redis": "ok"');
  });

  it("leaves plain text and broken JSON as they are", () => {
    expect(prettyValue("HTTP 500: boom")).toBe("HTTP 500: boom");
    expect(previewValue("{not json")).toBe("{not json");
  });

  it("cuts a long preview with an ellipsis", () => {
    const preview = previewValue("x".repeat(500), 40);
    expect(preview).toHaveLength(40);
    expect(preview.endsWith("…")).toBe(true);
  });
});
