/**
 * The environment a program started for a workflow gets (Run Command, stdio MCP servers): only what
 * its node declares, plus PATH and HOME — never the worker's own (DATABASE_URL, REDIS_URL, keys).
 * A node may not declare Switchboard's own variables either, so it cannot point a child at them.
 */
type Env = Record<string, string | undefined>;

const RESERVED = /^(SWITCHBOARD_|DATABASE_URL$|REDIS_URL$|TEST_DATABASE_URL$|TEST_REDIS_URL$)/;

export class ReservedEnvError extends Error {}

export function childEnvironment(
  declared: Record<string, string> = {},
  env: Env = process.env,
): Record<string, string> {
  const reserved = Object.keys(declared).filter((name) => RESERVED.test(name));
  if (reserved.length > 0)
    throw new ReservedEnvError(
      `env: ${reserved.join(", ")} ${reserved.length === 1 ? "is" : "are"} Switchboard's own and cannot be given to ` +
        `a child process`,
    );
  const base: Record<string, string> = {};
  for (const key of ["PATH", "HOME"]) if (env[key] !== undefined) base[key] = env[key]!;
  return { ...base, ...declared };
}
