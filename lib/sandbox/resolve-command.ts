/**
 * Finds the file a command names, as execvp would (a path as given, a bare name on PATH), so the box can be checked to
 * show it.
 */
import { accessSync, constants, realpathSync, statSync } from "node:fs";
import path from "node:path";

export class CommandNotFoundError extends Error {}

const executable = (file: string) => {
  try {
    accessSync(file, constants.X_OK);
    return statSync(file).isFile();
  } catch {
    return false;
  }
};

/** The command's path (as found) and its real path (links followed); a clear error when there is none. */
export function resolveCommand(
  command: string,
  cwd: string,
  searchPath: string | undefined,
): { found: string; real: string } {
  const candidates = command.includes("/")
    ? [path.resolve(cwd, command)]
    : (searchPath ?? "")
        .split(":")
        .filter((dir) => path.isAbsolute(dir))
        .map((dir) => path.join(dir, command));
  const found = candidates.find(executable);
  if (!found) throw new CommandNotFoundError(`command: "${command}" was not found on the worker`);
  return { found, real: realpathSync(found) };
}
