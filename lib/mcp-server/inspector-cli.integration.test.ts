/**
 * The official MCP Inspector CLI as a real third-party client of Switchboard's own MCP server
 * (/api/mcp/workflows) with an API key: it lists the exposed workflows as tools, calls one and
 * gets its output, lists the resources, sees only the workflows a limited key reaches, and is
 * turned away (401) without a key.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApiKey } from "../testing/test-accounts";
import { ECHO_BACK, GREETER, createWorkflow } from "../testing/exposed-workflows";
import { inspectorCli } from "../testing/inspector-cli";
import { startTestStack, type TestStack } from "../testing/test-stack";

let stack: TestStack;
let greeterId = "";
let echoId = "";

const inspector = (headers: Record<string, string>, ...args: string[]) =>
  inspectorCli(`${stack.url}/api/mcp/workflows`, headers, ...args);

beforeAll(async () => {
  stack = await startTestStack();
  greeterId = await createWorkflow(stack, GREETER);
  echoId = await createWorkflow(stack, ECHO_BACK);
});
afterAll(() => stack.close());

describe("MCP Inspector CLI against /api/mcp/workflows", () => {
  it("lists the exposed workflows as tools, with the Entry's schema", async () => {
    const listed = (await inspector(stack.account.headers, "--method", "tools/list")) as {
      tools: { name: string; description?: string; inputSchema: unknown }[];
    };
    const names = listed.tools.map((tool) => tool.name);
    expect(names).toEqual(expect.arrayContaining(["greet", "echo_back", "list_workflows", "run_workflow", "get_run"]));
    expect(listed.tools.find((tool) => tool.name === "greet")).toMatchObject({
      description: "Greets someone by name",
      inputSchema: { required: ["name"] },
    });
  });

  it("calls an exposed workflow and gets its output", async () => {
    const result = await inspector(
      stack.account.headers,
      "--method",
      "tools/call",
      "--tool-name",
      "greet",
      "--tool-arg",
      "name=Inspector",
    );
    expect(result).toMatchObject({ content: [{ type: "text", text: "Hello, Inspector!" }] });
    expect(result.isError).toBeFalsy();
  });

  it("lists the workflows as resources", async () => {
    const listed = (await inspector(stack.account.headers, "--method", "resources/list")) as {
      resources: { uri: string; name: string }[];
    };
    expect(listed.resources).toEqual(
      expect.arrayContaining([
        { uri: `workflow://${greeterId}`, name: "Greeter", mimeType: "application/json" },
        { uri: `workflow://${echoId}`, name: "Echo back", mimeType: "application/json" },
      ]),
    );
  });

  it("shows a key limited to one workflow only that workflow", async () => {
    const limited = await createTestApiKey(stack.account.userId, "inspector, greeter only", [greeterId]);
    const listed = (await inspector(limited.headers, "--method", "tools/list")) as { tools: { name: string }[] };
    expect(listed.tools.map((tool) => tool.name)).toEqual(["greet", "list_workflows", "run_workflow", "get_run"]);
    // The Inspector itself will not call a tool it was not shown; run_workflow asks the server.
    await expect(
      inspector(limited.headers, "--method", "tools/call", "--tool-name", "echo_back", "--tool-arg", "input=x"),
    ).rejects.toThrow(/tool_not_found/);
    // An error result makes the Inspector exit non-zero, after printing the result.
    const refused = await inspector(
      limited.headers,
      "--method",
      "tools/call",
      "--tool-name",
      "run_workflow",
      "--tool-arg",
      `workflowId=${echoId}`,
      "--tool-arg",
      "input=x",
    ).then(
      () => expect.fail("run_workflow of a workflow outside the key's limit was not refused"),
      (error: { stdout?: string; stderr?: string }) => {
        expect(error.stderr).toContain("tool_is_error");
        return JSON.parse(error.stdout ?? "null");
      },
    );
    expect(refused).toMatchObject({
      isError: true,
      content: [{ text: expect.stringContaining(`workflow "Echo back" (${echoId}) is not one of them`) }],
    });
  });

  it("is turned away without a key", async () => {
    // The server answers 401 with a Bearer challenge; the Inspector reports that it needs auth.
    await expect(inspector({}, "--method", "tools/list", "--stored-auth-only")).rejects.toThrow(/auth_required/);
  });
});
