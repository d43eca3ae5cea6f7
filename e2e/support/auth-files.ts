/** Where the setup project leaves the owner's signed-in browser state and API key for every other spec. */
import { readFileSync } from "node:fs";
import path from "node:path";

export const AUTH_DIR = path.join(import.meta.dirname, "..", ".auth");
export const OWNER_STATE = path.join(AUTH_DIR, "owner.json");
export const OWNER_API_KEY = path.join(AUTH_DIR, "api-key.txt");
export const OWNER = { name: "Olive Owner", email: "owner@switchboard.test", password: "correct horse battery staple" };

export function ownerApiKey(): string {
  return readFileSync(OWNER_API_KEY, "utf8").trim();
}
