/** Every MCP catalogue entry names an icon the app draws, not the neutral box a missing name falls back to. */
import { describe, expect, it } from "vitest";
import { MCP_CATALOGUE } from "@/lib/mcp-catalogue";
import { iconFor } from "@/components/ui/icon";

describe("the MCP catalogue's icons", () => {
  it("are all drawn", () => {
    const fallback = iconFor("no-such-icon");
    for (const entry of MCP_CATALOGUE) expect(iconFor(entry.icon), `${entry.id}: ${entry.icon}`).not.toBe(fallback);
  });
});
