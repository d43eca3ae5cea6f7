/**
 * Where the sandbox cannot start, host tools are refused with the reason and the fix; an operator's opt-out is loud.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { probeSandbox, sandboxRefusal, UNSANDBOXED_ENV } from "./availability";
import { sandboxedCommand } from "./sandboxed-command";

const spec = {
  command: "true",
  args: [],
  env: { PATH: "/usr/bin:/bin" },
  writableRoots: [],
  readOnlyRoots: [],
  network: false,
};

afterEach(() => {
  delete process.env[UNSANDBOXED_ENV];
  vi.restoreAllMocks();
});

describe("the sandbox's availability", () => {
  it("starts a real box here, and says why it cannot where bubblewrap is missing or fails", async () => {
    expect(await probeSandbox()).toEqual({ available: true, bwrap: "/usr/bin/bwrap" });
    expect(await probeSandbox("/nonexistent/bwrap")).toEqual({
      available: false,
      reason: "bubblewrap (bwrap) is not installed",
    });
    const broken = await probeSandbox("/usr/bin/false"); // a "bwrap" that cannot start anything
    expect(broken).toMatchObject({
      available: false,
      reason: expect.stringContaining("/usr/bin/false could not start a sandbox"),
    });
    const refusal = sandboxRefusal("bubblewrap (bwrap) is not installed");
    expect(refusal).toContain("Host tools are refused");
    expect(refusal).toContain('"apt-get install bubblewrap"');
    expect(refusal).toContain(`${UNSANDBOXED_ENV}=1`);
  });

  it("boxes a program by default, and runs it unsandboxed only when the operator says so, with a warning each time", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const boxed = await sandboxedCommand(spec);
    expect(boxed).toMatchObject({ file: "/usr/bin/bwrap", sandboxed: true });
    expect(boxed.args).toEqual(
      expect.arrayContaining(["--unshare-all", "--die-with-parent", "--cap-drop", "ALL", "--remount-ro"]),
    );
    expect(boxed.args).not.toContain("--share-net");
    expect((await sandboxedCommand({ ...spec, network: true })).args).toContain("--share-net");
    expect(warn).not.toHaveBeenCalled();
    process.env[UNSANDBOXED_ENV] = "1";
    expect(await sandboxedCommand(spec)).toMatchObject({ file: "true", sandboxed: false });
    await sandboxedCommand(spec);
    expect(warn).toHaveBeenCalledTimes(2);
    expect(warn.mock.calls[0][0]).toContain(`WITHOUT a sandbox because ${UNSANDBOXED_ENV}=1`);
  });

  it("refuses a command the box does not show, naming where it is", async () => {
    await expect(sandboxedCommand({ ...spec, command: "no-such-program-xyz" })).rejects.toThrow(
      'command: "no-such-program-xyz" was not found on the worker',
    );
    await expect(sandboxedCommand({ ...spec, command: "/proc/self/exe" })).rejects.toThrow(
      "which the sandbox does not show",
    );
  });
});
