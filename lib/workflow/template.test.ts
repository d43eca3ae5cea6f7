/** Templates: which nodes they name, and how they are filled from node outputs. */
import { describe, expect, it } from "vitest";
import {
  lookupReference,
  referenceMatches,
  renderTemplate,
  templateReferences,
  type TemplateReference,
} from "./template";

const outputs: Record<string, { output: Record<string, unknown>; ports: string[] }> = {
  entry: { output: { output: { ip: "10.0.0.7", tags: ["a", "b"] } }, ports: ["output"] },
  fetch: { output: { status: 200, body: '{"city":"Oslo"}' }, ports: ["status", "body"] },
};
const resolve = (reference: TemplateReference) =>
  lookupReference(reference, outputs[reference.node] ?? { output: undefined, ports: [] });

describe("templates", () => {
  it("lists the references in strings nested anywhere in a value", () => {
    expect(templateReferences({ url: "https://x/{{entry.ip}}", list: ["{{ fetch.body.city }}", 3] })).toEqual([
      { node: "entry", path: ["ip"] },
      { node: "fetch", path: ["body", "city"] },
    ]);
    expect(templateReferences("no placeholders {here}")).toEqual([]);
  });

  it("reads inside a single-port node's output, a named port, and JSON text along a path", () => {
    expect(renderTemplate("{{entry.ip}}", resolve)).toBe("10.0.0.7");
    expect(renderTemplate("{{entry.output.tags.1}}", resolve)).toBe("b");
    expect(renderTemplate("{{fetch.status}}", resolve)).toBe(200);
    expect(renderTemplate("{{fetch.body.city}}", resolve)).toBe("Oslo");
  });

  it("keeps the type of a whole placeholder and writes text inside a longer string", () => {
    expect(
      renderTemplate(
        { where: "{{entry}}", line: "ip={{entry.ip}} status={{fetch.status}} tags={{entry.tags}}" },
        resolve,
      ),
    ).toEqual({
      where: { ip: "10.0.0.7", tags: ["a", "b"] },
      line: 'ip=10.0.0.7 status=200 tags=["a","b"]',
    });
  });

  it("fills a missing value with nothing rather than a crash", () => {
    expect(renderTemplate("[{{entry.nope.deeper}}]", resolve)).toBe("[]");
    expect(renderTemplate("{{ghost.x}}", resolve)).toBeUndefined();
  });

  it("matches a node by id, label, or the label written as a name", () => {
    const node = { id: "http-1", label: "HTTP Request" };
    expect(["http-1", "HTTP Request", "http_request"].map((ref) => referenceMatches(ref, node))).toEqual([
      true,
      true,
      true,
    ]);
    expect(referenceMatches("entry", node)).toBe(false);
  });
});
