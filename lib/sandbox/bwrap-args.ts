/**
 * bubblewrap's argument list for one box: every namespace of its own (user, PID, mount, IPC, UTS,
 * cgroup, and network unless the spec declares it), uid/gid 65534 with no capabilities, the
 * system view read-only, a fresh /proc, /dev, /tmp and HOME, the declared roots, a read-only root
 * everywhere else, and death with its parent. Only paths go on this list, never env values: a
 * command line is visible to every user of the host.
 */
import path from "node:path";
import type { SandboxSpec } from "./spec";
import type { SystemView } from "./system-view";

/** The program's HOME inside the box: a private tmpfs, gone when the box is. */
export const SANDBOX_HOME = "/home/sandbox";
export const SANDBOX_UID = 65534;

const NAMESPACES = ["--unshare-all", "--unshare-user", "--die-with-parent", "--new-session", "--cap-drop", "ALL"];

const within = (inner: string, outer: string) => inner === outer || inner.startsWith(`${outer}/`);

function systemMounts(view: SystemView): string[] {
  return [
    ...view.directories.flatMap((dir) => ["--ro-bind", dir, dir]),
    ...view.symlinks.flatMap((link) => ["--symlink", link.target, link.path]),
    ...view.hiddenFiles.flatMap((file) => ["--ro-bind", "/dev/null", file]),
    ...view.hiddenDirectories.flatMap((dir) => ["--tmpfs", dir, "--remount-ro", dir]),
  ];
}

/**
 * Declared roots, parents before the folders inside them, so a writable folder inside a read-only one stays writable.
 */
function rootMounts(spec: SandboxSpec): string[] {
  const roots = [
    ...spec.readOnlyRoots.map((dir) => ({ dir, writable: false })),
    ...spec.writableRoots.map((dir) => ({ dir, writable: true })),
  ];
  roots.sort((a, b) => a.dir.split("/").length - b.dir.split("/").length);
  return roots.flatMap(({ dir, writable }) => [writable ? "--bind" : "--ro-bind", dir, dir]);
}

/** The working directory: the folder itself when a root or the view shows it, otherwise an empty one made for it. */
function workingDirectory(spec: SandboxSpec, cwd: string, view: SystemView): string[] {
  const shown = [...spec.readOnlyRoots, ...spec.writableRoots, ...view.directories].some((dir) => within(cwd, dir));
  return [...(shown ? [] : ["--dir", cwd]), "--chdir", cwd];
}

export function bwrapArguments(spec: SandboxSpec, view: SystemView, workerCwd: string = process.cwd()): string[] {
  const cwd = path.resolve(workerCwd, spec.cwd || ".");
  return [
    ...NAMESPACES,
    ...(spec.network ? ["--share-net"] : []),
    "--uid",
    String(SANDBOX_UID),
    "--gid",
    String(SANDBOX_UID),
    ...systemMounts(view),
    "--proc",
    "/proc",
    "--dev",
    "/dev",
    "--tmpfs",
    "/tmp",
    "--tmpfs",
    SANDBOX_HOME,
    ...rootMounts(spec),
    ...workingDirectory(spec, cwd, view),
    "--remount-ro",
    "/",
    "--",
    spec.command,
    ...spec.args,
  ];
}
