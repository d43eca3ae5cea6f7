/**
 * What a host program may see inside its box: the directories it may write (its node's declared
 * roots), those it may only read, whether it has a network, and its environment. Declared roots
 * are checked here, so no node can hand a program Switchboard's data, the system or the keys.
 */
import path from "node:path";

export type SandboxSpec = {
  command: string;
  args: string[];
  /** Working directory; the worker's own when not given (it exists in the box, empty unless bound). */
  cwd?: string;
  env: Record<string, string>;
  /** Directories the program may write: the node's declared roots. */
  writableRoots: string[];
  /** Directories the program may read and not write (a working directory outside the roots, a config's folder). */
  readOnlyRoots: string[];
  network: boolean;
};

export class SandboxRefusedError extends Error {}

/**
 * No declared root may be, hold or sit inside one of these: the box would see the system, other processes or devices.
 */
const SYSTEM_DIRECTORIES = [
  "/proc",
  "/sys",
  "/dev",
  "/run",
  "/var/run",
  "/etc",
  "/usr",
  "/bin",
  "/sbin",
  "/lib",
  "/lib32",
  "/lib64",
  "/libx32",
  "/boot",
];
/** No declared root may hold these (a folder inside one is the owner's to give). */
const PRIVATE_DIRECTORIES = ["/root", "/var/lib", "/var/spool", "/var/mail"];

const within = (inner: string, outer: string) =>
  inner === outer || inner.startsWith(outer.endsWith("/") ? outer : `${outer}/`);

/**
 * Refuses a root that is relative, or would show the system, Switchboard's data directory (the
 * checkout's `.data/`) or a private directory; `field` names the param in the error.
 */
export function checkDeclaredRoot(
  root: string,
  field: string,
  dataDirectory: string = path.join(process.cwd(), ".data"),
): string {
  if (!path.isAbsolute(root)) throw new SandboxRefusedError(`${field}: "${root}" must be an absolute directory`);
  const resolved = path.resolve(root);
  // Only compared, never read: without the comment Turbopack traces the whole checkout into the server build.
  const data = path.resolve(/* turbopackIgnore: true */ dataDirectory);
  if (within(data, resolved) || within(resolved, data)) {
    throw new SandboxRefusedError(
      `${field}: "${root}" would show Switchboard's data directory (${data}) to the program`,
    );
  }
  for (const system of SYSTEM_DIRECTORIES) {
    if (within(system, resolved) || within(resolved, system))
      throw new SandboxRefusedError(`${field}: "${root}" would show the system directory ${system} to the program`);
  }
  for (const secret of PRIVATE_DIRECTORIES) {
    if (within(secret, resolved))
      throw new SandboxRefusedError(
        `${field}: "${root}" would show ${secret} to the program; declare a folder inside it instead`,
      );
  }
  return resolved;
}
