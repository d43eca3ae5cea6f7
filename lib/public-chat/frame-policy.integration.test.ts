/**
 * Who may frame a public chat's page, as proxy.ts answers it (the real proxy function, the real database): the chat's
 * allowed origins in frame-ancestors and no X-Frame-Options (which cannot name origins); 'none' and DENY for a chat
 * without any, for one turned off, and for every other page.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "../db/client";
import { proxy } from "../../proxy";
import { newPublicId } from "./settings";

const page = (path: string) =>
  proxy(new Request(`http://127.0.0.1:3000${path}`, { headers: { host: "127.0.0.1:3000" } }));

let embeddable = "";
let unembeddable = "";
let off = "";

beforeAll(async () => {
  const make = async (enabled: boolean, allowedOrigins: string[]) => {
    const workflow = await getDb().workflow.create({ data: { name: "frame policy", graph: { nodes: [], edges: [] } } });
    const publicId = newPublicId();
    await getDb().publicChat.create({ data: { workflowId: workflow.id, publicId, enabled, allowedOrigins } });
    return publicId;
  };
  embeddable = await make(true, ["https://shop.example", "http://localhost:4000"]);
  unembeddable = await make(true, []);
  off = await make(false, ["https://shop.example"]);
});

describe("the public chat page's frame policy", () => {
  it("lets the allowed origins frame an enabled chat, and drops X-Frame-Options there only", async () => {
    const answer = await page(`/chat/${embeddable}?embed=1`);
    expect(answer.headers.get("content-security-policy")).toContain(
      "frame-ancestors https://shop.example http://localhost:4000",
    );
    expect(answer.headers.get("x-frame-options")).toBeNull();
  });

  it("lets no one frame a chat without allowed origins, a chat turned off, or any other page", async () => {
    for (const path of [`/chat/${unembeddable}`, `/chat/${off}`, "/workflows", `/chat/${embeddable}/other`]) {
      const answer = await page(path);
      expect(answer.headers.get("content-security-policy"), path).toContain("frame-ancestors 'none'");
      expect(answer.headers.get("x-frame-options"), path).toBe("DENY");
    }
  });
});
