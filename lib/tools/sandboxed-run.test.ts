/**
 * Host programs run in the real sandbox (bubblewrap): a child that tries to reach the keys, the
 * worker's environment, other processes, files outside its roots, a local service without
 * network, or to outlive its timeout or cancel, fails — each try counted — while what it is
 * given (its writable root, a network when declared) works.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { survivorsAfter, uniqueSleep } from "../testing/host-processes";
import { runExecutable, type ExecOptions } from "./run-executable";

const WORKER_SECRET = `postgresql://sandbox-test:worker-secret-${process.pid}@127.0.0.1/db`;
/** In the worker's initial environment (/proc/<pid>/environ), put there by vitest: a stand-in for its keys. */
const WORKER_ENV_MARKER = "VITEST_MODE=";
const DATA_SECRET = `data-secret-${process.pid}-${Date.now()}`;
const base = mkdtempSync(path.join(tmpdir(), "switchboard-sandbox-test-"));
const checkout = path.join(base, "checkout"); // the worker's cwd: its `.data/` is the data directory
const root = path.join(base, "root"); // the declared, writable root
const outside = path.join(base, "outside"); // a host directory nobody declared
const saved = { cwd: process.cwd(), database: process.env.DATABASE_URL };

beforeAll(() => {
  mkdirSync(path.join(checkout, ".data"), { recursive: true });
  mkdirSync(root);
  mkdirSync(outside);
  writeFileSync(path.join(checkout, ".data", "secret"), DATA_SECRET, { mode: 0o600 });
  symlinkSync(path.join(checkout, ".data"), path.join(base, "link-to-data"));
  process.env.DATABASE_URL = WORKER_SECRET;
  process.chdir(checkout);
});
afterAll(() => {
  process.chdir(saved.cwd);
  if (saved.database === undefined) delete process.env.DATABASE_URL;
  else process.env.DATABASE_URL = saved.database;
  rmSync(base, { recursive: true, force: true });
});

const run = (script: string, options: Partial<ExecOptions> = {}) =>
  runExecutable("bash", ["-c", script], { timeoutMs: 10_000, maxOutputBytes: 200_000, roots: [root], ...options });

describe("a sandboxed child", () => {
  it("cannot reach the keys, the worker's environment, other processes or files outside its roots", async () => {
    // the secret is there to steal
    expect(readFileSync(path.join(checkout, ".data", "secret"), "utf8")).toBe(DATA_SECRET);
    // what the worker started with (vitest's own variables)
    const workerEnviron = readFileSync(`/proc/${process.pid}/environ`, "utf8");
    expect(workerEnviron).toContain(WORKER_ENV_MARKER);
    const reads: Record<string, string> = {
      "the data directory's secret": `cat ${checkout}/.data/secret; cat .data/secret`,
      "/proc/1/environ": "cat /proc/1/environ",
      "the worker's environ": `cat /proc/${process.pid}/environ`,
      "every visible environ": "cat /proc/*/environ",
      "its own environment": "printenv DATABASE_URL; env",
      "the host's /root and /run":
        "cat /root/.bash_history /run/postgresql/* /var/lib/postgresql/*/main/PG_VERSION; ls / /root /run /var",
      "a masked system file": "cat /etc/shadow /etc/gshadow",
    };
    const leaks: string[] = [];
    for (const [what, script] of Object.entries(reads)) {
      const result = await run(script);
      const said = result.stdout + result.stderr;
      if ([DATA_SECRET, WORKER_SECRET, WORKER_ENV_MARKER, "root:"].some((secret) => said.includes(secret)))
        leaks.push(what);
    }
    expect(leaks).toEqual([]);
    expect(Object.keys(reads)).toHaveLength(7);
  });

  it("writes only in its declared root", async () => {
    const targets = [
      path.join(outside, "pwned"),
      path.join(checkout, "pwned"),
      path.join(checkout, ".data", "pwned"),
      "/etc/pwned",
      "/usr/pwned",
      "/pwned",
    ];
    const result = await run(
      [...targets.map((file) => `echo x > ${file}`), `echo mine > ${root}/made-inside`].join("; "),
    );
    expect(targets.filter((file) => existsSync(file))).toEqual([]);
    expect(result.stderr).toMatch(/Read-only file system|No such file or directory/);
    expect(readFileSync(path.join(root, "made-inside"), "utf8")).toBe("mine\n");
  });

  it("opens no connection without a declared network, and can with one", async () => {
    const connect = "exec 3<>/dev/tcp/127.0.0.1/6379 && echo PING >&3 && head -c 5 <&3";
    expect((await run(connect)).stdout).not.toContain("+PONG");
    expect((await run(connect, { network: true })).stdout).toContain("+PONG");
  });

  it("takes detached grandchildren with it at a timeout, on cancel and when it exits", async () => {
    const survivors: string[] = [];
    const detach = (a: string, b: string) =>
      `setsid sleep ${a} </dev/null >/dev/null 2>&1 & nohup sleep ${b} </dev/null >/dev/null 2>&1 &`;
    const timedOut = [uniqueSleep(), uniqueSleep()];
    expect(await run(`${detach(timedOut[0], timedOut[1])} sleep 30`, { timeoutMs: 800 })).toMatchObject({
      timedOut: true,
    });
    const cancelled = [uniqueSleep(), uniqueSleep()];
    const controller = new AbortController();
    setTimeout(() => controller.abort(new Error("cancelled")), 800);
    await expect(run(`${detach(cancelled[0], cancelled[1])} sleep 30`, { signal: controller.signal })).rejects.toThrow(
      "cancelled",
    );
    const exited = [uniqueSleep(), uniqueSleep()];
    expect(await run(detach(exited[0], exited[1]))).toMatchObject({ exitCode: 0, timedOut: false });
    for (const marker of [...timedOut, ...cancelled, ...exited])
      if ((await survivorsAfter(marker, 2000)).length > 0) survivors.push(marker);
    expect(survivors).toEqual([]);
  });

  it("is refused a root that would show Switchboard's data directory, the system or a private folder", async () => {
    await expect(run("true", { roots: [checkout] })).rejects.toThrow(
      `roots: "${checkout}" would show Switchboard's data directory`,
    );
    await expect(run("true", { roots: [path.join(base, "link-to-data")] })).rejects.toThrow(
      "would show Switchboard's data directory",
    );
    await expect(run("true", { roots: ["/"] })).rejects.toThrow("would show");
    await expect(run("true", { roots: ["/var/lib"] })).rejects.toThrow("would show /var/lib");
    await expect(run("true", { cwd: "/etc" })).rejects.toThrow('cwd: "/etc" would show the system directory /etc');
    await expect(run("true", { roots: ["relative/dir"] })).rejects.toThrow("must be an absolute directory");
  });
});
