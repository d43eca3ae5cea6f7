/**
 * What to spawn for a host program: bubblewrap with the box's arguments, or — only when an operator
 * set SWITCHBOARD_UNSANDBOXED_HOST_TOOLS=1 — the program itself, with a loud warning. The declared
 * roots are checked and their links followed, the command must be something the box shows (the
 * system's programs, the checkout's node_modules or a root), and the checkout's node_modules is
 * shown read-only when the command or an argument points into it (`node …/node_modules/x/index.js`).
 */
import { realpathSync, statSync } from "node:fs";
import path from "node:path";
import {
  sandboxRefusal,
  sandboxStatus,
  SandboxUnavailableError,
  unsandboxedAllowed,
  UNSANDBOXED_ENV,
} from "./availability";
import { bwrapArguments, SANDBOX_HOME } from "./bwrap-args";
import { resolveCommand } from "./resolve-command";
import { checkDeclaredRoot, SandboxRefusedError, type SandboxSpec } from "./spec";
import { inSystemView, systemView } from "./system-view";

export type SpawnPlan = { file: string; args: string[]; env: Record<string, string>; cwd?: string; sandboxed: boolean };

const within = (inner: string, outer: string) => inner === outer || inner.startsWith(`${outer}/`);

/** A declared root, checked after its links are followed (a link must not lead the box somewhere refused). */
function realRoot(root: string, field: string): string {
  checkDeclaredRoot(root, field);
  let real: string;
  try {
    real = realpathSync(root);
  } catch {
    throw new SandboxRefusedError(`${field}: "${root}" does not exist on the worker`);
  }
  if (!statSync(real).isDirectory()) throw new SandboxRefusedError(`${field}: "${root}" is not a directory`);
  return checkDeclaredRoot(real, field);
}

/**
 * The checkout's node_modules when the command or an argument points into it, so `node …/node_modules/pkg/index.js` can
 * run.
 */
function checkoutModules(spec: SandboxSpec, cwd: string, command: string): string[] {
  let modules: string;
  try {
    modules = realpathSync(path.join(process.cwd(), "node_modules"));
  } catch {
    return [];
  }
  const mentioned = [command, ...spec.args].some(
    (arg) => arg.includes(modules) || within(path.resolve(cwd, arg), modules),
  );
  return mentioned ? [modules] : [];
}

export function unsandboxedPlan(spec: SandboxSpec): SpawnPlan {
  console.warn(
    `WARNING: starting "${spec.command}" WITHOUT a sandbox because ${UNSANDBOXED_ENV}=1: it can read and write ` +
      `whatever this worker can`,
  );
  return { file: spec.command, args: spec.args, env: spec.env, cwd: spec.cwd || undefined, sandboxed: false };
}

/** The box's plan for a spec, given a working bwrap. */
export function boxedPlan(spec: SandboxSpec, bwrap: string): SpawnPlan {
  const writableRoots = spec.writableRoots.map((root) => realRoot(root, "roots"));
  const readOnlyRoots = spec.readOnlyRoots.map((root) => realRoot(root, "read-only roots"));
  const cwd = spec.cwd ? realRoot(spec.cwd, "cwd") : process.cwd();
  const command = resolveCommand(spec.command, cwd, spec.env.PATH);
  const modules = checkoutModules(spec, cwd, command.real);
  // a declared cwd is readable
  const cwdShown = spec.cwd && !writableRoots.some((dir) => within(cwd, dir)) ? [cwd] : [];
  const visibleRoots = [...writableRoots, ...readOnlyRoots, ...cwdShown, ...modules];
  const view = systemView();
  const shown = (file: string) => inSystemView(file, view) || visibleRoots.some((dir) => within(file, dir));
  if (!shown(command.found) || !shown(command.real)) {
    throw new SandboxRefusedError(
      `command: "${spec.command}" is ${command.real}, which the sandbox does not show (it shows ` +
        `${view.directories.join(", ")}, ` +
        `the checkout's node_modules and the node's roots); install the program under /usr`,
    );
  }
  const boxed: SandboxSpec = {
    ...spec,
    command: command.found,
    cwd,
    writableRoots,
    readOnlyRoots: [...readOnlyRoots, ...cwdShown, ...modules],
  };
  return { file: bwrap, args: bwrapArguments(boxed, view), env: { ...spec.env, HOME: SANDBOX_HOME }, sandboxed: true };
}

/** What to spawn for this program; refuses (never falls back silently) when the box cannot start. */
export async function sandboxedCommand(spec: SandboxSpec): Promise<SpawnPlan> {
  if (unsandboxedAllowed()) return unsandboxedPlan(spec);
  const status = await sandboxStatus();
  if (!status.available) throw new SandboxUnavailableError(sandboxRefusal(status.reason));
  return boxedPlan(spec, status.bwrap);
}
