/**
 * The read-only view of the system every box gets: the program directories (/usr, /bin, /lib…,
 * as directories or as the symlinks a merged-/usr system has) and /etc with everything in it that
 * is not world-readable hidden (shadow, ssh host keys, ssl/private, a database's pg_hba.conf…).
 * Nothing else of the host is in it: not /root, /run, /var, /home or Switchboard's checkout.
 */
import { lstatSync, readdirSync, readlinkSync, type Stats } from "node:fs";
import path from "node:path";

export type SystemView = {
  /** Host directories bound read-only at the same path. */
  directories: string[];
  /** Host symlinks recreated in the box (`/bin -> usr/bin`). */
  symlinks: { path: string; target: string }[];
  /** Files inside the view replaced by an empty file. */
  hiddenFiles: string[];
  /** Directories inside the view replaced by an empty, read-only one. */
  hiddenDirectories: string[];
};

const PROGRAM_DIRECTORIES = ["/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32", "/etc"];
/** Hidden whatever their mode says: a misconfigured permission must not hand them out. */
const ALWAYS_HIDDEN = [
  "/etc/shadow",
  "/etc/shadow-",
  "/etc/gshadow",
  "/etc/gshadow-",
  "/etc/ssl/private",
  "/etc/sudoers",
  "/etc/sudoers.d",
];
const MAX_SCAN_DEPTH = 8;

const stat = (file: string): Stats | undefined => {
  try {
    return lstatSync(file);
  } catch {
    return undefined;
  }
};

const worldReadable = (info: Stats) => (info.isDirectory() ? (info.mode & 0o005) === 0o005 : (info.mode & 0o004) !== 0);

/**
 * Everything under `directory` that only its owner or group may read, or that is always hidden; hidden directories are
 * not descended.
 */
function privateEntries(directory: string, view: SystemView, depth = 0): void {
  let names: string[];
  try {
    names = readdirSync(directory);
  } catch {
    return;
  }
  for (const name of names) {
    const entry = path.join(directory, name);
    const info = stat(entry);
    if (!info || info.isSymbolicLink()) continue; // a link's target is judged where it lives
    const hide = ALWAYS_HIDDEN.includes(entry) || !worldReadable(info);
    if (info.isDirectory()) {
      if (hide) view.hiddenDirectories.push(entry);
      else if (depth < MAX_SCAN_DEPTH) privateEntries(entry, view, depth + 1);
    } else if (hide) {
      view.hiddenFiles.push(entry);
    }
  }
}

/** Reads the host once: which program directories exist, as what, and what in /etc to hide. */
export function scanSystemView(): SystemView {
  const view: SystemView = { directories: [], symlinks: [], hiddenFiles: [], hiddenDirectories: [] };
  for (const directory of PROGRAM_DIRECTORIES) {
    const info = stat(directory);
    if (info?.isSymbolicLink()) view.symlinks.push({ path: directory, target: readlinkSync(directory) });
    else if (info?.isDirectory()) view.directories.push(directory);
  }
  if (view.directories.includes("/etc")) privateEntries("/etc", view);
  return view;
}

let cached: SystemView | undefined;

/** The view, scanned on first use in this process. */
export function systemView(): SystemView {
  cached ??= scanSystemView();
  return cached;
}

/** True when a host path is shown by the view (a program there can be started in the box). */
export function inSystemView(file: string, view: SystemView): boolean {
  const inside = (dir: string) => file === dir || file.startsWith(`${dir}/`);
  const hidden = view.hiddenFiles.includes(file) || view.hiddenDirectories.some(inside);
  return !hidden && view.directories.filter((dir) => dir !== "/etc").some(inside);
}
