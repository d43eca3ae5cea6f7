/** The database client: Prisma's generated client over the pg driver adapter, one per process (not `server-only`: the worker imports it too). */
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "./generated/client";

export type { Prisma, Run, RunEvent, Workflow } from "./generated/client";
export { RunStatus } from "./generated/client";

type Db = InstanceType<typeof PrismaClient>;
// On globalThis so Next.js dev reloads reuse the pool instead of leaking one per reload.
const holder = globalThis as unknown as { switchboardDb?: Db };

export function getDb(): Db {
  if (holder.switchboardDb) return holder.switchboardDb;
  const connectionString = process.env.DATABASE_URL;
  if (!connectionString) throw new Error("DATABASE_URL is not set: it must name the PostgreSQL database Switchboard uses");
  holder.switchboardDb = new PrismaClient({ adapter: new PrismaPg({ connectionString, max: Number(process.env.DATABASE_POOL_SIZE ?? 10) }) });
  return holder.switchboardDb;
}
