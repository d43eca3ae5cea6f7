/** The editor's rule for tool-mode fields and tool names (issue 27): typed is fixed, "Agent fills" is a choice. */
import { describe, expect, it } from "vitest";
import { lookupComponent } from "../nodes";
import { toolNameFor } from "../tools/component-tool";
import { agentInputsAfterTyping, toolNameFromLabel, untypedAgentInputs } from "./tool-fields";

describe("tool-mode fields", () => {
  it("starts tool mode with the agent filling only the inputs nobody typed into", () => {
    expect(untypedAgentInputs(["url", "method", "body"], { url: "https://api.example.com/w", body: "" })).toEqual([
      "method",
      "body",
    ]);
  });

  it("fixes an empty field the agent filled once a value is typed, and leaves an explicit choice otherwise", () => {
    expect(agentInputsAfterTyping(["url", "body"], "url", "", "h")).toEqual(["body"]);
    expect(agentInputsAfterTyping(["url", "body"], "url", undefined, "https://x")).toEqual(["body"]);
    // Chosen "Agent fills" over a value: editing the value keeps the choice.
    expect(agentInputsAfterTyping(["url"], "url", "https://x", "https://y")).toBeNull();
    expect(agentInputsAfterTyping(["body"], "url", "", "https://x")).toBeNull();
  });
});

describe("tool names", () => {
  const http = lookupComponent("core.http.request")!;

  it("keeps a node's own tool name whatever its label says", () => {
    expect(toolNameFor({ label: "Weather API tab B", toolName: "weather_api" }, http)).toBe("weather_api");
  });

  it("reads a graph from before tool names were a field as it did: from the label", () => {
    expect(toolNameFor({ label: "HTTP Request" }, http)).toBe("http_request");
    expect(toolNameFor({ label: "Weather API" }, http)).toBe("weather_api");
    expect(toolNameFromLabel("Weather API tab B")).toBe("weather_api_tab_b");
  });
});
