/**
 * Keeps the file tools inside their configured root directories. A path is taken relative to the
 * first root; `..` segments are refused outright, an absolute path must lie under a root, and the
 * real path (after following symlinks, of the file or of its nearest existing parent) must too,
 * so a symlink inside a root cannot lead out of it. Switchboard's own `.data/` directory (its
 * database, keys and Redis files) is never reachable, whatever the roots say.
 */
import { lstat, realpath } from "node:fs/promises";
import path from "node:path";

export class PathNotAllowedError extends Error {}

const isInside = (child: string, parent: string) =>
  child === parent || child.startsWith(parent.endsWith(path.sep) ? parent : parent + path.sep);

/** The roots as real absolute paths; each must exist. */
export async function realRoots(roots: string[]): Promise<string[]> {
  if (roots.length === 0) throw new PathNotAllowedError("roots: configure at least one root directory");
  return Promise.all(
    roots.map(async (root) => {
      if (!path.isAbsolute(root)) throw new PathNotAllowedError(`roots: "${root}" must be an absolute path`);
      try {
        return await realpath(root);
      } catch {
        throw new PathNotAllowedError(`roots: "${root}" does not exist`);
      }
    }),
  );
}

/** The real path of `target`, or of its nearest existing ancestor joined with the rest when it does not exist yet. */
async function realPathOrAncestor(target: string): Promise<string> {
  const missing: string[] = [];
  let current = target;
  for (;;) {
    try {
      return path.join(await realpath(current), ...missing.reverse());
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
      // A link whose target does not exist would be followed by a write, wherever it points.
      if (
        await lstat(current).then(
          () => true,
          () => false,
        )
      )
        throw new PathNotAllowedError(`path: "${target}" is a symlink to nowhere`);
      const parent = path.dirname(current);
      if (parent === current) throw error;
      missing.push(path.basename(current));
      current = parent;
    }
  }
}

/** Returns the absolute path to use, or throws PathNotAllowedError saying why not. */
export async function confinePath(requested: string, roots: string[]): Promise<string> {
  if (!requested.trim()) throw new PathNotAllowedError("path: a file path is required");
  if (requested.split(/[\\/]+/).includes(".."))
    throw new PathNotAllowedError(`path: "${requested}" contains "..", which is not allowed`);
  const real = await realRoots(roots);
  const candidate = path.isAbsolute(requested) ? path.normalize(requested) : path.join(real[0], requested);
  const lexicalOk = path.isAbsolute(requested)
    ? roots.some((root, i) => isInside(candidate, path.resolve(root)) || isInside(candidate, real[i]))
    : true;
  if (!lexicalOk)
    throw new PathNotAllowedError(`path: "${requested}" is outside the allowed roots (${roots.join(", ")})`);
  const resolved = await realPathOrAncestor(candidate);
  if (!real.some((root) => isInside(resolved, root))) {
    throw new PathNotAllowedError(`path: "${requested}" leads outside the allowed roots (through a symlink)`);
  }
  const dataDir = await realPathOrAncestor(path.join(process.cwd(), ".data"));
  if (isInside(resolved, dataDir))
    throw new PathNotAllowedError(
      `path: "${requested}" is inside Switchboard's own data directory, which file tools never touch`,
    );
  return resolved;
}
