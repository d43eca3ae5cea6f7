/**
 * Next.js loads every stylesheet into one global scope, so a class two stylesheets style on its own
 * is styled by whichever loaded last: the run view's node-filter chip once restyled the run history's
 * filters as accent chips after a visit to a run. Each such class belongs to one stylesheet; a
 * qualified use elsewhere (`.table-row.audit-row`) is a modifier, not a second definition.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.join(import.meta.dirname, "..");

function stylesheets(dir: string): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith(".css"))
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)));
}

/**
 * The classes a stylesheet styles on their own: a selector's first compound that is one class, with at most
 * pseudo-classes after it.
 */
function ownClasses(css: string): Set<string> {
  const classes = new Set<string>();
  const withoutComments = css.replace(/\/\*[\s\S]*?\*\//g, "");
  for (const [, selectors] of withoutComments.matchAll(/([^{}]+)\{/g)) {
    if (selectors.trim().startsWith("@")) continue;
    for (const selector of selectors.split(",")) {
      const own = /^\s*\.([\w-]+)(?::[\w-]+(?:\([^)]*\))?)*(?=[\s>+~]|$)/.exec(selector);
      if (own) classes.add(own[1]);
    }
  }
  return classes;
}

describe("stylesheets", () => {
  it("read a class on its own, not one qualified by another", () => {
    expect([...ownClasses(".a { } .b:hover, .c .d { } .e.f { } .g > .h { } @media (x) { .i { } }")]).toEqual([
      "a",
      "b",
      "c",
      "g",
      "i",
    ]);
  });

  it("style each class on its own in one stylesheet only", () => {
    const owners = new Map<string, string[]>();
    for (const file of [...stylesheets("app"), ...stylesheets("components")]) {
      for (const name of ownClasses(readFileSync(path.join(root, file), "utf8")))
        owners.set(name, [...(owners.get(name) ?? []), file]);
    }
    const shared = [...owners]
      .filter(([, files]) => files.length > 1)
      .map(([name, files]) => `.${name}: ${files.join(", ")}`);
    expect(shared).toEqual([]);
  });
});
