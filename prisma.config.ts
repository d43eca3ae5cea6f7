/**
 * Prisma CLI settings: Prisma 6.19's JS/WASM engine with the pg driver adapter, so generate and
 * migrations work offline (its native engines are downloaded at run time, which these machines
 * cannot). The two adapter-pg 6.19 workarounds below only matter to the CLI's migration engine;
 * the app's own queries use the plain adapter (lib/db/client.ts).
 */
import { randomUUID } from "node:crypto";
import path from "node:path";
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { defineConfig } from "prisma/config";

/**
 * Catalog columns of type `name` (OID 19) and `"char"` (OID 18) that adapter-pg cannot map: report them as `text` (OID
 * 25).
 */
const CATALOG_TEXT_OIDS = new Set([18, 19]);
const TEXT_OID = 25;

function asTextColumns<R>(result: R): R {
  for (const field of (result as { fields?: { dataTypeID: number }[] }).fields ?? []) {
    if (CATALOG_TEXT_OIDS.has(field.dataTypeID)) field.dataTypeID = TEXT_OID;
  }
  return result;
}

function patchQuery(target: { query: (...args: never[]) => unknown }) {
  const original = target.query.bind(target) as (...args: unknown[]) => unknown;
  target.query = ((...args: unknown[]) => {
    const result = original(...args);
    return result instanceof Promise ? result.then(asTextColumns) : result;
  }) as typeof target.query;
}

function catalogFriendlyPool(connectionString: string): pg.Pool {
  const pool = new pg.Pool({ connectionString, allowExitOnIdle: true });
  patchQuery(pool as never);
  pool.on("connect", (client) => patchQuery(client as never));
  return pool;
}

function databaseUrl(): string {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error("DATABASE_URL is not set: point it at the PostgreSQL database to migrate");
  return url;
}

export default defineConfig({
  experimental: { adapter: true },
  engine: "js",
  schema: path.join("prisma", "schema.prisma"),
  migrations: { path: path.join("prisma", "migrations") },
  async adapter() {
    const connectionString = databaseUrl();
    const main = new PrismaPg(catalogFriendlyPool(connectionString), { disposeExternalPool: true });
    return {
      provider: main.provider,
      adapterName: main.adapterName,
      connect: () => main.connect(),
      /** adapter-pg's own shadow database points at the main one and is dropped while still in use: make our own. */
      async connectToShadowDb() {
        const admin = new pg.Pool({ connectionString });
        const name = `prisma_shadow_${randomUUID().replace(/-/g, "")}`;
        await admin.query(`CREATE DATABASE "${name}"`);
        const shadowUrl = new URL(connectionString);
        shadowUrl.pathname = `/${name}`;
        const adapter = await new PrismaPg(catalogFriendlyPool(shadowUrl.toString()), {
          disposeExternalPool: true,
        }).connect();
        const dispose = adapter.dispose.bind(adapter);
        adapter.dispose = async () => {
          await dispose(); // closes the shadow pool first, so the drop finds no sessions
          await admin.query(`DROP DATABASE IF EXISTS "${name}"`);
          await admin.end();
        };
        return adapter;
      },
    };
  },
});
