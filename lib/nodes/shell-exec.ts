/**
 * shell_exec: runs an allow-listed executable with arguments (no shell) in the sandbox, with a timeout and an output
 * cap.
 */
import { assertAllowed, runExecutable } from "../tools/run-executable";
import { reaperHooks } from "../mcp/process-reaper";
import { sharedRedis } from "../queue/redis";
import { assertNoExecArguments } from "../tools/exec-capable-args";
import { writableRootsField } from "../tools/roots-param";
import { ShellExecParams } from "./host-params";
import { defineComponent } from "./types";

export const shellExec = defineComponent({
  id: "core.shell.exec",
  label: "Run Command",
  category: "Tools",
  hostAccess: "always",
  icon: "terminal",
  description: "Runs an allow-listed program with arguments — no shell — and returns its exit code and output.",
  inputs: [
    {
      name: "command",
      label: "Command",
      schema: { type: "string", description: "The program to run; must be on the allow-list" },
    },
    {
      name: "args",
      label: "Arguments",
      schema: { type: "array", items: { type: "string" }, description: "Arguments, one per item (no shell quoting)" },
    },
  ],
  outputs: [
    { name: "exitCode", label: "Exit code" },
    { name: "stdout", label: "Output" },
    { name: "stderr", label: "Errors" },
    { name: "timedOut", label: "Timed out" },
    { name: "truncated", label: "Truncated" },
  ],
  fields: [
    {
      name: "allowedCommands",
      label: "Allowed programs",
      kind: "text",
      required: true,
      placeholder: "ls, git, /usr/bin/wc",
      help: "The only programs this node may run, separated by commas.",
    },
    { name: "command", label: "Command", kind: "text", required: true, placeholder: "ls" },
    { name: "args", label: "Arguments", kind: "string-list", placeholder: "-la" },
    {
      name: "cwd",
      label: "Working directory",
      kind: "text",
      help: "Absolute; the program can read it (and write it when it is inside a writable directory).",
    },
    writableRootsField,
    { name: "network", label: "Network access", kind: "boolean", help: "Off: the program cannot open any connection." },
    { name: "timeoutMs", label: "Timeout (ms)", kind: "number" },
    { name: "maxOutputBytes", label: "Output cap (bytes)", kind: "number" },
  ],
  tool: {
    name: "shell_exec",
    description: "Run an allowed program with arguments (no shell) and get its exit code, stdout and stderr.",
    agentInputs: ["command", "args"],
  },
  params: ShellExecParams,
  async execute({ runId, params, signal }) {
    assertAllowed(params.command, params.allowedCommands);
    assertNoExecArguments(params.command, params.args);
    const reaper = reaperHooks(sharedRedis(), runId);
    const { cwd, roots, network, timeoutMs, maxOutputBytes } = params;
    return runExecutable(params.command, params.args, {
      cwd,
      roots,
      network,
      timeoutMs,
      maxOutputBytes,
      signal,
      ...reaper,
    });
  },
});
