/** The conversation a model node records, from the AI SDK's messages as they really come back. */
import { describe, expect, it } from "vitest";
import { toTranscript } from "./transcript";

describe("toTranscript", () => {
  it("keeps the system prompt, the prompt, tool calls and their results, each as the run view shows them", () => {
    const transcript = toTranscript(
      [
        { role: "user", content: "What is the health?" },
        {
          role: "assistant",
          content: [
            { type: "text", text: "Checking." },
            { type: "tool-call", toolName: "http_request", input: { url: "/api/health" } },
          ],
        },
        {
          role: "tool",
          content: [
            { type: "tool-result", toolName: "http_request", output: { type: "text", value: '{"status":200}' } },
          ],
        },
        {
          role: "tool",
          content: [{ type: "tool-result", toolName: "fails", output: { type: "error-text", value: "boom" } }],
        },
        { role: "user", content: [{ type: "image", mediaType: "image/png" }] },
      ],
      "Be brief.",
    );
    expect(transcript).toEqual([
      { role: "system", parts: [{ type: "text", text: "Be brief." }] },
      { role: "user", parts: [{ type: "text", text: "What is the health?" }] },
      {
        role: "assistant",
        parts: [
          { type: "text", text: "Checking." },
          { type: "tool-call", toolName: "http_request", input: { url: "/api/health" } },
        ],
      },
      { role: "tool", parts: [{ type: "tool-result", toolName: "http_request", output: '{"status":200}' }] },
      { role: "tool", parts: [{ type: "tool-result", toolName: "fails", output: "boom", isError: true }] },
      { role: "user", parts: [{ type: "file", mediaType: "image/png" }] },
    ]);
  });

  it("cuts a very long text and says how much went", () => {
    const [message] = toTranscript([{ role: "user", content: "x".repeat(25_000) }]);
    const part = message.parts[0] as { text: string };
    expect(part.text).toHaveLength(20_000 + "… (5000 more characters)".length);
    expect(part.text.endsWith("… (5000 more characters)")).toBe(true);
  });
});
