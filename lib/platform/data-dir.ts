/**
 * The `.data/` directory beside the app, where `npm start` keeps local state (embedded PostgreSQL, Redis, the secret).
 */
import { mkdirSync } from "node:fs";
import path from "node:path";

/** The absolute path of `.data/<parts…>`, created (with its parents) if missing. */
export function dataDir(...parts: string[]): string {
  const dir = path.join(process.cwd(), ".data", ...parts);
  mkdirSync(dir, { recursive: true });
  return dir;
}
