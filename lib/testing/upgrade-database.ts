/**
 * A database of an upgrade test's own, built by applying the migrations as the SQL files they are, up to (not
 * including) the one under test, so the test can fill it as an older release left it and then apply that one.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll } from "vitest";
import { testDatabaseName, testDatabaseUrl } from "./test-slot";

const migrationsDir = path.join(process.cwd(), "prisma", "migrations");
const migrations = readdirSync(migrationsDir)
  .filter((name) => /^\d+_/.test(name))
  .sort();

export type UpgradeDatabase = {
  /** The client of the test's database (connected in beforeAll). */
  db: () => pg.Client;
  /** Applies every migration before `migration`. */
  applyBefore: (migration: string) => Promise<void>;
  /** Applies `migration` and every one after it. */
  applyFrom: (migration: string) => Promise<void>;
  /** Applies one migration's SQL file. */
  apply: (migration: string) => Promise<void>;
};

/** Registers beforeAll/afterAll that create and drop a database named after the suite and `suffix`. */
export function useUpgradeDatabase(suffix: string): UpgradeDatabase {
  const name = `${testDatabaseName("test")}_${suffix}`;
  const admin = new pg.Client({ connectionString: testDatabaseUrl("test").replace(/\/[^/]+$/, "/postgres") });
  let db: pg.Client | undefined;
  beforeAll(async () => {
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${name}`);
    db = new pg.Client({ connectionString: testDatabaseUrl("test").replace(/\/[^/]+$/, `/${name}`) });
    await db.connect();
  });
  afterAll(async () => {
    await db?.end();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  });
  const client = () => {
    if (!db) throw new Error("the upgrade database is used before beforeAll connected it");
    return db;
  };
  const apply = async (migration: string) => {
    if (!migrations.includes(migration)) throw new Error(`no migration named ${migration} in ${migrationsDir}`);
    await client().query(readFileSync(path.join(migrationsDir, migration, "migration.sql"), "utf8"));
  };
  const applyBefore = async (migration: string) => {
    for (const earlier of migrations.filter((m) => m < migration)) await apply(earlier);
  };
  const applyFrom = async (migration: string) => {
    for (const later of migrations.filter((m) => m >= migration)) await apply(later);
  };
  return { db: client, apply, applyBefore, applyFrom };
}
