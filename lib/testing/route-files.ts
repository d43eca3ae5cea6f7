/**
 * The route handlers app/api holds, read from the files themselves (`METHOD /api/runs/[id]` for each exported method of
 * each route.ts), so a test can fail for a route file its table or document does not list.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

export function routeFileMethods(root = path.join(process.cwd(), "app", "api")): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name === "route.ts") {
        const route = "/api/" + path.relative(root, dir).split(path.sep).join("/");
        for (const [, method] of readFileSync(full, "utf8").matchAll(
          /export (?:const|async function) (GET|POST|PUT|PATCH|DELETE)\b/g,
        ))
          found.push(`${method} ${route}`);
      }
    }
  };
  walk(root);
  return found.sort();
}
