/**
 * Which user this process's boxes of untrusted work (tinypool's child processes, lib/sandbox/process-boxes.ts) run as,
 * read from /proc: the tests of the evaluation and document-parsing boxes check they are not the engine's user.
 */
import { readdirSync, readFileSync } from "node:fs";

/** The user every box runs as once it has work: nobody when this process is root, else this process's own user. */
export const expectedBoxUser = () => (process.getuid!() === 0 ? 65534 : process.getuid!());

/** This process's living box processes, with the real and effective uid each runs as. */
export function boxUsers(): { pid: number; uids: number[] }[] {
  const boxes = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    let status: string, cmdline: string;
    try {
      status = readFileSync(`/proc/${entry}/status`, "utf8");
      cmdline = readFileSync(`/proc/${entry}/cmdline`, "utf8");
    } catch {
      continue; // ended meanwhile
    }
    const field = (name: string) => status.match(new RegExp(`^${name}:\\s+(.*)$`, "m"))?.[1] ?? "";
    if (Number(field("PPid")) !== process.pid || !cmdline.includes("tinypool") || field("State").startsWith("Z"))
      continue;
    boxes.push({ pid: Number(entry), uids: field("Uid").split(/\s+/).slice(0, 2).map(Number) });
  }
  return boxes;
}
