/**
 * fs_write: writes a text file inside the configured root directories, creating its folders — and
 * the first root itself when it does not exist yet, so a fresh folder named as the root just works.
 */
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { confinePath } from "../tools/confine-path";
import { rootsField } from "../tools/roots-param";
import { FsWriteParams } from "./host-params";
import { defineComponent } from "./types";

export const fsWrite = defineComponent({
  id: "core.fs.write",
  label: "Write File",
  category: "Tools",
  hostAccess: "always",
  icon: "file-text",
  description: "Writes a text file in the configured root directories (replacing it, or appending).",
  inputs: [
    {
      name: "path",
      label: "Path",
      schema: { type: "string", description: "File path, relative to the first root directory" },
    },
    { name: "content", label: "Content", schema: { type: "string", description: "The text to write" } },
  ],
  outputs: [
    { name: "path", label: "Path" },
    { name: "bytes", label: "Bytes written" },
  ],
  fields: [
    rootsField,
    { name: "path", label: "Path", kind: "text", required: true, placeholder: "out/report.md" },
    { name: "content", label: "Content", kind: "textarea" },
    { name: "append", label: "Append", kind: "boolean" },
  ],
  tool: {
    name: "fs_write",
    description: "Write a text file. Paths are relative to the allowed directory.",
    agentInputs: ["path", "content"],
  },
  params: FsWriteParams,
  async execute({ params }) {
    // Only an absolute first root is made; confinePath then judges it (and refuses .data/) as always.
    if (path.isAbsolute(params.roots[0])) await mkdir(params.roots[0], { recursive: true });
    const file = await confinePath(params.path, params.roots);
    await mkdir(path.dirname(file), { recursive: true });
    // The folders just made are inside the root, but a symlink could have been swapped in meanwhile: check again.
    const checked = await confinePath(params.path, params.roots);
    await writeFile(checked, params.content, { encoding: "utf8", flag: params.append ? "a" : "w" });
    return { path: params.path, bytes: Buffer.byteLength(params.content) };
  },
});
