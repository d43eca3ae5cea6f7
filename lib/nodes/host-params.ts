/**
 * The param schemas of the components that run programs or touch files (Run Command, Read File,
 * Write File, External Agent), apart from their execute() code: the worker parses with them, and
 * so does the launch spec the host-access checks judge (lib/workflow/launch-spec.ts), in the
 * browser too. Strict: a param they do not name is an error, never silently ignored.
 */
import { z } from "zod";
import { rootsParam, writableRootsParam } from "../tools/roots-param";

const list = z
  .union([z.string(), z.array(z.string())])
  .default([])
  .transform((value) =>
    (Array.isArray(value) ? value : value.split(/[\s,]+/)).map((item) => item.trim()).filter(Boolean),
  );

export const ShellExecParams = z.strictObject({
  allowedCommands: list.pipe(z.array(z.string()).min(1, "list at least one allowed program")),
  command: z.string().min(1, "command is required"),
  args: z.array(z.string(), "args must be a list of strings").default([]),
  cwd: z.string().default(""),
  /** The directories the program may write in its sandbox (lib/sandbox). */
  roots: writableRootsParam,
  network: z.boolean("network must be true or false").default(false),
  timeoutMs: z.number().int().positive().max(600_000).default(10_000),
  maxOutputBytes: z.number().int().positive().max(10_000_000).default(20_000),
});

export const FsReadParams = z.strictObject({
  roots: rootsParam,
  path: z.string().min(1, "path is required"),
  maxBytes: z.number().int().positive().max(10_000_000).default(200_000),
});

export const FsWriteParams = z.strictObject({
  roots: rootsParam,
  path: z.string().min(1, "path is required"),
  content: z.string().default(""),
  append: z.boolean().default(false),
});

export const ExternalAgentParams = z.strictObject({
  input: z.unknown().optional(),
  mode: z.enum(["person", "process"]).default("person"),
  instructions: z.string().default("{{input}}"),
  waitMinutes: z
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(30),
  command: z.string().trim().default(""),
  args: z.array(z.string(), { error: "args must be a list of strings" }).default([]),
});
