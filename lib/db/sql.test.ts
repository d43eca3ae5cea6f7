import { expect, it } from "vitest";
import { namedStatementsAllowed } from "./sql";

it("turns named prepared statements off only when DATABASE_URL says pgbouncer=true", () => {
  expect(namedStatementsAllowed("postgresql://app@db:5432/switchboard")).toBe(true);
  expect(namedStatementsAllowed("postgresql://app@pgbouncer:6432/switchboard?pgbouncer=true")).toBe(false);
  expect(namedStatementsAllowed("postgresql://app@pgbouncer:6432/switchboard?sslmode=require&pgbouncer=true")).toBe(
    false,
  );
  expect(namedStatementsAllowed("postgresql://app@db:5432/switchboard?pgbouncer=false")).toBe(true);
});
