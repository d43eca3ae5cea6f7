/** How a node declares the directories its program may use: one per line (or commas), or a JSON list. */
import { z } from "zod";

export const DeclaredDirectories = z
  .union([z.string(), z.array(z.string())], "roots must be text or a list of directories")
  .transform((value) =>
    (Array.isArray(value) ? value : value.split(/\r?\n|,/)).map((root) => root.trim()).filter(Boolean),
  );
