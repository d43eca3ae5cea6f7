/** fs_read: reads a text file inside the configured root directories. */
import { readFile, stat } from "node:fs/promises";
import { confinePath } from "../tools/confine-path";
import { rootsField } from "../tools/roots-param";
import { FsReadParams } from "./host-params";
import { defineComponent } from "./types";

export const fsRead = defineComponent({
  id: "core.fs.read",
  label: "Read File",
  category: "Tools",
  hostAccess: "always",
  icon: "file-text",
  description: "Reads a text file from the configured root directories.",
  inputs: [
    {
      name: "path",
      label: "Path",
      schema: { type: "string", description: "File path, relative to the first root directory" },
    },
  ],
  outputs: [
    { name: "path", label: "Path" },
    { name: "content", label: "Content" },
  ],
  fields: [
    rootsField,
    { name: "path", label: "Path", kind: "text", required: true, placeholder: "notes/today.md" },
    { name: "maxBytes", label: "Max bytes", kind: "number" },
  ],
  tool: {
    name: "fs_read",
    description: "Read a text file. Paths are relative to the allowed directory.",
    agentInputs: ["path"],
  },
  params: FsReadParams,
  harmlessToRepeat: true,
  async execute({ params }) {
    const file = await confinePath(params.path, params.roots);
    const info = await stat(file).catch(() => undefined);
    if (!info?.isFile()) throw new Error(`path: "${params.path}" is not a file`);
    if (info.size > params.maxBytes)
      throw new Error(`path: "${params.path}" has ${info.size} bytes, more than maxBytes (${params.maxBytes})`);
    return { path: params.path, content: await readFile(file, "utf8") };
  },
});
