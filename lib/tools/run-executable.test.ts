/** shell_exec runs real programs: only allow-listed ones, never through a shell, with a timeout and an output cap. */
import { describe, expect, it } from "vitest";
import { shellExec } from "../nodes/shell-exec";
import type { ComponentDefinition } from "../nodes/types";
import { parseNodeParams } from "../runs/node-params";
import { survivorsAfter, uniqueSleep } from "../testing/host-processes";

function run(params: Record<string, unknown>) {
  const component = shellExec as unknown as ComponentDefinition;
  const parsed = parseNodeParams(component, "Run Command", params);
  return component.execute({
    runId: "r",
    nodeId: "n",
    label: "Run Command",
    runInput: undefined,
    params: parsed,
    connectedToolNodeIds: [],
    emit: async () => undefined,
    note: () => undefined,
    signal: new AbortController().signal,
  });
}

describe("shell_exec", () => {
  it("runs an allowed program with its arguments and returns exit code and output", async () => {
    expect(await run({ allowedCommands: "echo, false", command: "echo", args: ["hello", "world"] })).toEqual({
      exitCode: 0,
      stdout: "hello world\n",
      stderr: "",
      timedOut: false,
      truncated: false,
    });
    expect(await run({ allowedCommands: "echo, false", command: "false" })).toMatchObject({ exitCode: 1 });
  });

  it("passes shell syntax through as plain text: there is no shell", async () => {
    const result = await run({
      allowedCommands: ["echo"],
      command: "echo",
      args: ["$(id); rm -rf / | cat", "`whoami`"],
    });
    expect(result.stdout).toBe("$(id); rm -rf / | cat `whoami`\n");
  });

  it("refuses a program that is not on the allow-list, even by path or with a shell", async () => {
    await expect(run({ allowedCommands: "echo", command: "ls" })).rejects.toThrow(
      'command: "ls" is not on the allow-list (echo)',
    );
    await expect(run({ allowedCommands: "echo", command: "/bin/echo" })).rejects.toThrow("not on the allow-list");
    await expect(run({ allowedCommands: "echo", command: "sh", args: ["-c", "echo hi"] })).rejects.toThrow(
      "not on the allow-list",
    );
  });

  it("stops a program at the timeout", async () => {
    const startedAt = Date.now();
    const result = await run({ allowedCommands: "sleep", command: "sleep", args: ["5"], timeoutMs: 200 });
    expect(result).toMatchObject({ timedOut: true, exitCode: null });
    expect(Date.now() - startedAt).toBeLessThan(3000);
  });

  it("caps the output it keeps", async () => {
    const result = await run({ allowedCommands: "seq", command: "seq", args: ["1", "100000"], maxOutputBytes: 1000 });
    expect(result.truncated).toBe(true);
    expect(String(result.stdout).length).toBeLessThanOrEqual(1000);
    expect(String(result.stdout).startsWith("1\n2\n3\n")).toBe(true);
  });

  it("names a program that does not exist", async () => {
    await expect(run({ allowedCommands: "no-such-program-xyz", command: "no-such-program-xyz" })).rejects.toThrow(
      '"no-such-program-xyz" was not found',
    );
  });
});

describe("what a child gets and leaves behind", () => {
  it("sees none of the worker's environment but PATH, HOME and PWD (set by the sandbox to its working directory)", async () => {
    const saved = { secret: process.env.SWITCHBOARD_SECRET, database: process.env.DATABASE_URL };
    process.env.SWITCHBOARD_SECRET = "worker-secret-that-must-not-leak-0123456789";
    process.env.DATABASE_URL ??= "postgresql://worker/db";
    try {
      const result = await run({ allowedCommands: "env", command: "env" });
      const names = String(result.stdout)
        .trim()
        .split("\n")
        .map((line) => line.split("=")[0]);
      expect(names.sort()).toEqual(
        ["HOME", "PATH", "PWD"].filter((name) => name === "PWD" || process.env[name] !== undefined),
      );
      expect(result.stdout).not.toContain("worker-secret");
    } finally {
      if (saved.secret === undefined) delete process.env.SWITCHBOARD_SECRET;
      else process.env.SWITCHBOARD_SECRET = saved.secret;
      if (saved.database === undefined) delete process.env.DATABASE_URL;
    }
  });

  it("kills the whole process group at the timeout: no orphaned grandchildren", async () => {
    const marker = uniqueSleep(); // a sleep only this test starts, found by its command line
    const result = await run({
      allowedCommands: "sh",
      command: "sh",
      args: ["-c", `sleep ${marker} & echo $!; wait`],
      timeoutMs: 1000,
    });
    expect(result.timedOut).toBe(true);
    expect(Number(String(result.stdout).trim())).toBeGreaterThan(0); // it did start
    expect(await survivorsAfter(marker, 2000)).toEqual([]);
  });

  it("refuses arguments that would make an allowed program start another one", async () => {
    await expect(
      run({ allowedCommands: "find", command: "find", args: [".", "-exec", "sh", "-c", "id", ";"] }),
    ).rejects.toThrow('"-exec" would let find start another program');
    await expect(
      run({ allowedCommands: "tar", command: "tar", args: ["-cf", "/dev/null", "--checkpoint-action=exec=id", "."] }),
    ).rejects.toThrow("--checkpoint-action is refused");
    await expect(
      run({ allowedCommands: "git", command: "git", args: ["-c", "core.sshCommand=id", "fetch"] }),
    ).rejects.toThrow("-c is refused");
    await expect(run({ allowedCommands: "sed", command: "sed", args: ["1e id", "/dev/null"] })).rejects.toThrow(
      'sed\'s "e" command',
    );
    expect(
      await run({ allowedCommands: "find", command: "find", args: [".", "-maxdepth", "0", "-name", "."] }),
    ).toMatchObject({ exitCode: 0 });
  });
});
