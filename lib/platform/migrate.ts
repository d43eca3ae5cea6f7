/**
 * Applies pending migrations with the Prisma CLI (JS engine, see prisma.config.ts) to the database at `databaseUrl`.
 */
import { spawn } from "node:child_process";
import path from "node:path";

/**
 * Prisma 6.19's WASM schema engine leaves a 10 s advisory-lock timer running after `migrate deploy`
 * has finished, so the CLI lingers 10 s before exiting. Once it reports success the work is
 * committed, so we end it there rather than make every start and test run wait.
 */
const SUCCESS = /All migrations have been successfully applied|No pending migrations to apply/;

export async function applyMigrations(databaseUrl: string): Promise<void> {
  const prisma = path.join(process.cwd(), "node_modules", ".bin", "prisma");
  const child = spawn(prisma, ["migrate", "deploy"], {
    cwd: process.cwd(),
    env: { ...process.env, DATABASE_URL: databaseUrl, CHECKPOINT_DISABLE: "1" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  let succeeded = false;
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
    if (!succeeded && SUCCESS.test(output)) {
      succeeded = true;
      child.kill("SIGTERM");
    }
  };
  child.stdout.on("data", collect);
  child.stderr.on("data", collect);
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once("error", (error) =>
      reject(new Error(`Could not run ${prisma} (did \`npm ci\` run?): ${error.message}`)),
    );
    child.once("close", resolve);
  });
  if (!succeeded && code !== 0) {
    throw new Error(`Database migrations failed (prisma migrate deploy exited with ${code}):\n${output.trim()}`);
  }
}
