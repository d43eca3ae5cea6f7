/**
 * Reading JSON bodies: the size limit holds while streaming (whatever Content-Length said), deep nesting and NUL are
 * refused naming the place.
 */
import { describe, expect, it } from "vitest";
import { ApiError } from "./api-error";
import { findBadJson, MAX_JSON_DEPTH, readJsonBody } from "./read-json-body";

function streamed(text: string, chunk = 1000): Request {
  const bytes = new TextEncoder().encode(text);
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (let i = 0; i < bytes.length; i += chunk) controller.enqueue(bytes.slice(i, i + chunk));
      controller.close();
    },
  });
  // @ts-expect-error Node's Request needs duplex for streamed bodies.
  return new Request("http://x/", { method: "POST", body, duplex: "half", headers: { "content-length": "5" } });
}

async function refusal(request: Request, limit?: number): Promise<ApiError> {
  try {
    await readJsonBody(request, limit);
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error("expected a refusal");
}

describe("readJsonBody", () => {
  it("parses JSON and treats an empty body as {}", async () => {
    expect(await readJsonBody(streamed('{"a":[1,"b"]}'))).toEqual({ a: [1, "b"] });
    expect(await readJsonBody(streamed(""))).toEqual({});
  });

  it("stops reading at the limit even when Content-Length claimed less", async () => {
    const error = await refusal(streamed(JSON.stringify({ big: "x".repeat(5000) })), 1000);
    expect(error.code).toBe("too-large");
  });

  it("answers malformed JSON, deep nesting and NUL characters with 400 naming the place", async () => {
    expect((await refusal(streamed("{not json"))).message).toBe("The request body is not valid JSON");
    const deep = "[".repeat(MAX_JSON_DEPTH + 5) + "]".repeat(MAX_JSON_DEPTH + 5);
    expect((await refusal(streamed(deep))).message).toContain(`nested deeper than ${MAX_JSON_DEPTH} levels`);
    expect((await refusal(streamed(JSON.stringify({ name: "a\u0000b" })))).message).toBe(
      "body.name: contains a NUL character",
    );
    expect((await refusal(streamed(JSON.stringify({ nodes: [{ ["k\u0000"]: 1 }] })))).message).toBe(
      "body.nodes[0]: a key contains a NUL character",
    );
  });
});

describe("findBadJson", () => {
  it("accepts ordinary values", () => {
    expect(findBadJson({ a: [1, { b: "c" }], d: null })).toBeNull();
  });
});
