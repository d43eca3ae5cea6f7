/**
 * Vitest: unit tests (pure, beside their code) and integration tests (real Redis and PostgreSQL, run one file at a
 * time).
 */
import path from "node:path";
import { defineConfig } from "vitest/config";
import { integrationEnv } from "./lib/testing/test-env.ts";

const root = import.meta.dirname;

const resolve = {
  alias: {
    "@": root,
    // Next's guard against importing server code into the browser; tests are server-side.
    "server-only": path.join(root, "lib/testing/empty-module.ts"),
  },
};

export default defineConfig({
  resolve,
  test: {
    projects: [
      {
        resolve,
        test: {
          name: "unit",
          include: ["lib/**/*.test.ts", "components/**/*.test.ts", "app/**/*.test.ts"],
          exclude: ["**/*.integration.test.ts", "node_modules/**"],
          environment: "node",
        },
      },
      {
        resolve,
        test: {
          name: "integration",
          include: ["lib/**/*.integration.test.ts", "app/**/*.integration.test.ts"],
          globalSetup: ["lib/testing/global-setup.ts"],
          env: integrationEnv,
          fileParallelism: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
          environment: "node",
        },
      },
    ],
  },
});
