/** The root directories of the file tools: one per line (or a JSON list), shared by fs_read and fs_write. */
import { z } from "zod";
import type { ParamField } from "../nodes/types";
import { DeclaredDirectories } from "../sandbox/declared-directories";

export const rootsField: ParamField = {
  name: "roots",
  label: "Root directories",
  kind: "textarea",
  required: true,
  placeholder: "/srv/data",
  help:
    "Absolute directories the tool may use, one per line. Paths are relative to the first one; nothing outside " +
    "them is reachable.",
};

export const rootsParam = DeclaredDirectories.pipe(z.array(z.string()).min(1, "configure at least one root directory"));

/**
 * A host program's writable directories (Run Command): none by default, so it can write nothing but its private /tmp.
 */
export const writableRootsParam = DeclaredDirectories.default([]);

export const writableRootsField: ParamField = {
  name: "roots",
  label: "Writable directories",
  kind: "textarea",
  placeholder: "/srv/data",
  help:
    "Absolute directories the program may write, one per line. It runs in a sandbox: it sees the system " +
    "read-only, these directories and its working directory, nothing else.",
};
