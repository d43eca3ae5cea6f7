/**
 * fs_read / fs_write confinement on a real file system: `..`, absolute paths outside the roots, and symlinks that
 * escape.
 */
import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fsRead } from "../nodes/fs-read";
import { fsWrite } from "../nodes/fs-write";
import type { ComponentDefinition } from "../nodes/types";
import { parseNodeParams } from "../runs/node-params";
import { confinePath } from "./confine-path";

let base: string;
let root: string;
let outside: string;

beforeAll(async () => {
  base = await mkdtemp(path.join(tmpdir(), "sb-fs-"));
  root = path.join(base, "root");
  outside = path.join(base, "outside");
  await mkdir(path.join(root, "notes"), { recursive: true });
  await mkdir(outside);
  await writeFile(path.join(root, "notes", "a.txt"), "inside");
  await writeFile(path.join(outside, "secret.txt"), "outside");
  await symlink(outside, path.join(root, "escape"));
  await symlink(path.join(outside, "secret.txt"), path.join(root, "secret-link.txt"));
  await symlink(path.join(outside, "new.txt"), path.join(root, "dangling.txt"));
  await symlink(path.join(root, "notes"), path.join(root, "notes-link"));
});
afterAll(() => rm(base, { recursive: true, force: true }));

function run(component: ComponentDefinition, params: Record<string, unknown>) {
  const parsed = parseNodeParams(component, component.label, { roots: root, ...params });
  return component.execute({
    runId: "r",
    nodeId: "n",
    label: component.label,
    runInput: undefined,
    params: parsed,
    connectedToolNodeIds: [],
    emit: async () => undefined,
    note: () => undefined,
    signal: new AbortController().signal,
  });
}
const read = (params: Record<string, unknown>) => run(fsRead as unknown as ComponentDefinition, params);
const write = (params: Record<string, unknown>) => run(fsWrite as unknown as ComponentDefinition, params);

describe("file tools", () => {
  it("reads and writes inside the root, relative or absolute, and through a symlink that stays inside", async () => {
    expect(await read({ path: "notes/a.txt" })).toEqual({ path: "notes/a.txt", content: "inside" });
    expect(await read({ path: path.join(root, "notes", "a.txt") })).toMatchObject({ content: "inside" });
    expect(await read({ path: "notes-link/a.txt" })).toMatchObject({ content: "inside" });
    expect(await write({ path: "out/deep/b.txt", content: "hello" })).toEqual({ path: "out/deep/b.txt", bytes: 5 });
    await write({ path: "out/deep/b.txt", content: " again", append: true });
    expect(await readFile(path.join(root, "out", "deep", "b.txt"), "utf8")).toBe("hello again");
  });

  it("never reaches Switchboard's own .data directory, even when a root contains it or a symlink leads there", async () => {
    const dataDir = path.join(process.cwd(), ".data");
    await mkdir(dataDir, { recursive: true });
    await symlink(dataDir, path.join(root, "data-link"));
    const app = process.cwd();
    await expect(run(fsRead as unknown as ComponentDefinition, { roots: app, path: ".data/secret" })).rejects.toThrow(
      "inside Switchboard's own data directory",
    );
    // outside the root, and the data directory besides
    await expect(read({ path: "data-link/secret" })).rejects.toThrow();
    await expect(
      run(fsWrite as unknown as ComponentDefinition, { roots: dataDir, path: "planted.txt", content: "x" }),
    ).rejects.toThrow("inside Switchboard's own data directory");
  });

  it("refuses .. even when it would land inside the root", async () => {
    await expect(read({ path: "../outside/secret.txt" })).rejects.toThrow('contains ".."');
    await expect(read({ path: "notes/../notes/a.txt" })).rejects.toThrow('contains ".."');
    await expect(write({ path: "..\\x.txt", content: "x" })).rejects.toThrow('contains ".."');
  });

  it("refuses absolute paths outside the roots", async () => {
    await expect(read({ path: path.join(outside, "secret.txt") })).rejects.toThrow("outside the allowed roots");
    await expect(read({ path: "/etc/passwd" })).rejects.toThrow("outside the allowed roots");
    await expect(write({ path: path.join(outside, "new.txt"), content: "x" })).rejects.toThrow(
      "outside the allowed roots",
    );
  });

  it("refuses symlinks that lead out of the root, for reading and writing", async () => {
    await expect(read({ path: "escape/secret.txt" })).rejects.toThrow("leads outside the allowed roots");
    await expect(read({ path: "secret-link.txt" })).rejects.toThrow("leads outside the allowed roots");
    await expect(write({ path: "escape/planted.txt", content: "x" })).rejects.toThrow(
      "leads outside the allowed roots",
    );
    await expect(write({ path: "secret-link.txt", content: "overwritten" })).rejects.toThrow(
      "leads outside the allowed roots",
    );
    await expect(write({ path: "dangling.txt", content: "x" })).rejects.toThrow("symlink to nowhere");
    expect(await readFile(path.join(outside, "secret.txt"), "utf8")).toBe("outside");
    await expect(readFile(path.join(outside, "new.txt"), "utf8")).rejects.toThrow("ENOENT");
    await expect(readFile(path.join(outside, "planted.txt"), "utf8")).rejects.toThrow("ENOENT");
  });

  it("names bad roots and missing files clearly", async () => {
    await expect(confinePath("a.txt", ["relative/dir"])).rejects.toThrow(
      'roots: "relative/dir" must be an absolute path',
    );
    await expect(confinePath("a.txt", [path.join(base, "nope")])).rejects.toThrow("does not exist");
    await expect(read({ path: "notes/missing.txt" })).rejects.toThrow('"notes/missing.txt" is not a file');
    expect(() =>
      parseNodeParams(fsRead as unknown as ComponentDefinition, "Read File", { roots: "", path: "a" }),
    ).toThrow("roots");
  });
});
