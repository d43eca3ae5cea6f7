/** Tool results as a person reads them: JSON inside JSON unpacked, long text cut short. */
import { describe, expect, it } from "vitest";
import { prettyValue, previewValue, splitImages } from "./format-value";

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

  it("takes MCP images out of a tool result's text, a list or the value itself, leaving the rest", () => {
    const image = { type: "image", data: "iVBORw0KGgo=", mimeType: "image/png" };
    expect(splitImages(`This is a tiny image:\n${JSON.stringify(image)}\nThe image above is the MCP logo.`)).toEqual({
      images: [image],
      rest: "This is a tiny image:\nThe image above is the MCP logo.",
    });
    expect(splitImages([image, { type: "text", text: "hi" }])).toEqual({
      images: [image],
      rest: [{ type: "text", text: "hi" }],
    });
    expect(splitImages(image)).toEqual({ images: [image], rest: undefined });
    // Not images: a JSON line that only says "image", or a non-image media type.
    expect(splitImages('{"type":"image"}')).toEqual({ images: [], rest: '{"type":"image"}' });
    expect(splitImages({ type: "image", data: "x", mimeType: "text/html" }).images).toEqual([]);
  });
});
