/** The workflow list's search, tag and folder filters. */
import { describe, expect, it } from "vitest";
import { filterWorkflows, tagsOf } from "./list-filter";

const list = [
  { name: "Billing alerts", tags: ["finance", "ops"], folderId: "f1" },
  { name: "Support triage", tags: ["support"], folderId: null },
  { name: "Invoice reader", tags: ["finance"], folderId: "f2" },
];
const names = (filter: Parameters<typeof filterWorkflows>[1]) => filterWorkflows(list, filter).map((w) => w.name);

describe("the workflow list's filters", () => {
  it("searches the name and the tags, every word", () => {
    expect(names({ q: "billing" })).toEqual(["Billing alerts"]);
    expect(names({ q: "FINANCE reader" })).toEqual(["Invoice reader"]);
    expect(names({ q: "" })).toHaveLength(3);
  });

  it("keeps one tag, one folder, or the workflows in no folder", () => {
    expect(names({ tag: "finance" })).toEqual(["Billing alerts", "Invoice reader"]);
    expect(names({ folder: "f2" })).toEqual(["Invoice reader"]);
    expect(names({ folder: "none" })).toEqual(["Support triage"]);
    expect(names({ tag: "finance", folder: "f1", q: "alerts" })).toEqual(["Billing alerts"]);
  });

  it("lists each tag once, sorted", () => {
    expect(tagsOf(list)).toEqual(["finance", "ops", "support"]);
  });
});
