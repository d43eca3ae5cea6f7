import { describe, expect, it } from "vitest";
import { resolveTool, visibleTools, type ToolPolicy } from "./tool-policy";

const tools = [{ name: "files__read_file" }, { name: "files__write_file" }, { name: "http_request" }];
const names = (policy: ToolPolicy) =>
  visibleTools(tools, policy).map((entry) => (entry.aliasOf ? `${entry.name}->${entry.aliasOf}` : entry.name));

describe("visibleTools", () => {
  it("shows every wired tool when there is no allow-list, or it is *", () => {
    expect(names({})).toEqual(["files__read_file", "files__write_file", "http_request"]);
    expect(names({ allowedTools: ["*"] })).toEqual(["files__read_file", "files__write_file", "http_request"]);
  });

  it("shows only the allowed tools", () => {
    expect(names({ allowedTools: ["http_request"] })).toEqual(["http_request"]);
    expect(names({ allowedTools: [] })).toEqual([]);
  });

  it("adds each alias as an extra entry beside the real name", () => {
    expect(names({ toolAliases: { read: "files__read_file" } })).toEqual([
      "files__read_file",
      "files__write_file",
      "http_request",
      "read->files__read_file",
    ]);
  });

  it("allows a tool named only by its alias in the allow-list, under both names", () => {
    expect(names({ allowedTools: ["read"], toolAliases: { read: "files__read_file" } })).toEqual([
      "files__read_file",
      "read->files__read_file",
    ]);
  });

  it("hides an alias of a tool that is not allowed, not wired, or shadows a real tool", () => {
    const policy = {
      allowedTools: ["http_request"],
      toolAliases: { write: "files__write_file", ghost: "nowhere", http_request: "files__read_file" },
    };
    expect(names(policy)).toEqual(["http_request"]);
  });
});

describe("resolveTool", () => {
  it("resolves a real name and an alias to the same real tool", () => {
    const policy = { toolAliases: { read: "files__read_file" } };
    expect(resolveTool("files__read_file", tools, policy)).toEqual({
      ok: true,
      tool: tools[0],
      name: "files__read_file",
      calledAs: "files__read_file",
    });
    expect(resolveTool("read", tools, policy)).toEqual({
      ok: true,
      tool: tools[0],
      name: "files__read_file",
      calledAs: "read",
    });
  });

  it("refuses a wired tool outside the allow-list, naming what is allowed", () => {
    const result = resolveTool("files__write_file", tools, { allowedTools: ["http_request"] });
    expect(result).toEqual({
      ok: false,
      reason: 'Tool "files__write_file" is not in this agent\'s allowed tools (allowed: http_request)',
    });
  });

  it("refuses an alias of a tool outside the allow-list", () => {
    const result = resolveTool("write", tools, {
      allowedTools: ["http_request"],
      toolAliases: { write: "files__write_file" },
    });
    expect(result).toMatchObject({
      ok: false,
      reason: expect.stringContaining('"write" (alias of "files__write_file") is not in this agent\'s allowed tools'),
    });
  });

  it("refuses a tool that is not wired, and an alias pointing nowhere", () => {
    expect(resolveTool("shell_exec", tools, {})).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/"shell_exec" is not available to this agent: it is not wired/),
    });
    expect(resolveTool("ghost", tools, { toolAliases: { ghost: "nowhere" } })).toMatchObject({
      ok: false,
      reason: 'Alias "ghost" points at "nowhere", which is not available to this agent',
    });
  });
});
