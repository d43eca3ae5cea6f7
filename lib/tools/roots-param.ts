/** The root directories of the file tools: one per line (or a JSON list), shared by fs_read and fs_write. */
import { z } from "zod";
import type { ParamField } from "../nodes/types";

export const rootsField: ParamField = {
  name: "roots",
  label: "Root directories",
  kind: "textarea",
  required: true,
  placeholder: "/srv/data",
  help: "Absolute directories the tool may use, one per line. Paths are relative to the first one; nothing outside them is reachable.",
};

export const rootsParam = z
  .union([z.string(), z.array(z.string())], "roots must be text or a list of directories")
  .transform((value) => (Array.isArray(value) ? value : value.split(/\r?\n|,/)).map((root) => root.trim()).filter(Boolean))
  .pipe(z.array(z.string()).min(1, "configure at least one root directory"));
