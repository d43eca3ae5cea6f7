/** For sandbox tests: programs a test can find again from the host, where pids inside a box mean nothing. */
import { readFileSync } from "node:fs";
import { processesWith } from "./mcp-peers";

/** A sleep length no other test uses; `sleep <it>` is found by its command line. */
export const uniqueSleep = (): string => `${600 + Math.floor(Math.random() * 1e6) / 1e7}`;

/** Waits up to `timeoutMs` for every process carrying the marker to be gone; returns those still alive. */
export async function survivorsAfter(marker: string, timeoutMs: number): Promise<number[]> {
  const until = Date.now() + timeoutMs;
  while (processesWith(marker).length > 0 && Date.now() < until)
    await new Promise((resolve) => setTimeout(resolve, 50));
  return processesWith(marker);
}

/** The pids above a process, parent first (a box's bubblewrap monitor is one of them). */
export function ancestorsOf(pid: number): number[] {
  const ancestors: number[] = [];
  for (let current = pid; current > 1;) {
    try {
      current = Number(
        readFileSync(`/proc/${current}/stat`, "utf8")
          .replace(/^.*\) /, "")
          .split(" ")[1],
      );
    } catch {
      break;
    }
    ancestors.push(current);
  }
  return ancestors;
}

/** Whether any of these processes is still alive (not a zombie). */
export const anyAlive = (pids: number[]): boolean =>
  pids.some((pid) => {
    try {
      return !readFileSync(`/proc/${pid}/stat`, "utf8")
        .replace(/^.*\) /, "")
        .startsWith("Z");
    } catch {
      return false;
    }
  });
