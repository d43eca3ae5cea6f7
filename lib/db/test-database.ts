/** For integration tests and benchmarks: creates and migrates their own database, then points DATABASE_URL at it. */
import pg from "pg";
import { applyMigrations } from "../platform/migrate";
import { testDatabaseUrl } from "../testing/test-slot";

/**
 * The database is TEST_DATABASE_URL, else DATABASE_URL (a benchmark naming its own), else the default.
 * With `fresh` (the default) it is dropped and recreated, so every test run starts from empty tables;
 * to keep that from ever reaching real data, only names like `*_test`, `*_e2e` or `*_bench` are dropped.
 */
export async function prepareTestDatabase({
  fresh = true,
  url = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL ?? testDatabaseUrl("test"),
} = {}): Promise<string> {
  const name = decodeURIComponent(new URL(url).pathname.slice(1));
  if (!/^[a-z0-9_]+$/i.test(name))
    throw new Error(`Refusing to manage database "${name}": use letters, digits and _ only`);
  if (fresh && !/_(test|e2e|bench)(_|$)/i.test(name))
    throw new Error(
      `Refusing to recreate database "${name}": a test database's name must look like *_test, *_e2e or *_bench`,
    );

  const admin = new URL(url);
  admin.pathname = "/postgres";
  const client = new pg.Client({ connectionString: admin.toString() });
  try {
    await client.connect();
  } catch (error) {
    throw new Error(
      `Cannot reach PostgreSQL for the test database at ${admin.host} ` +
        `(${error instanceof Error ? error.message : error}); set TEST_DATABASE_URL`,
    );
  }
  try {
    if (fresh) await client.query(`DROP DATABASE IF EXISTS ${client.escapeIdentifier(name)} WITH (FORCE)`);
    const exists = await client.query("SELECT 1 FROM pg_database WHERE datname = $1", [name]);
    if (exists.rowCount === 0) await client.query(`CREATE DATABASE ${client.escapeIdentifier(name)}`);
  } finally {
    await client.end();
  }
  await applyMigrations(url);
  process.env.DATABASE_URL = url;
  return url;
}
