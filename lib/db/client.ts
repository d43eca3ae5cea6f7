/** The database client: Prisma's generated client over the pg driver adapter, one per process (not `server-only`: the
 * worker imports it too), sharing its connection pool with the plain-SQL helpers in ./sql. */
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "./generated/client";
import { getPool } from "./sql";

export type { Prisma, Run, RunEvent, Workflow } from "./generated/client";
export { RunStatus } from "./generated/client";

type Db = InstanceType<typeof PrismaClient>;
// On globalThis so Next.js dev reloads reuse the pool instead of leaking one per reload.
const holder = globalThis as unknown as { switchboardDb?: Db };

export function getDb(): Db {
  if (holder.switchboardDb) return holder.switchboardDb;
  holder.switchboardDb = new PrismaClient({ adapter: new PrismaPg(getPool()) });
  return holder.switchboardDb;
}
