/**
 * ESLint here checks one thing: lines stay at most 120 characters (`npm run check:lines`, run by `npm test`).
 * Prettier formats the code at that width; what it cannot wrap (comments, strings, SQL) is wrapped by hand.
 * Exempt: lines with a URL, regular expressions, `import … from "…"` of a single long path, and test declarations,
 * which Prettier keeps on one line by design (`it("…", async () => {`).
 */
import stylistic from "@stylistic/eslint-plugin";
import typescriptParser from "@typescript-eslint/parser";

export default [
  {
    ignores: [
      "node_modules/",
      ".next/",
      ".data/",
      "lib/db/generated/",
      "test-results/",
      "playwright-report/",
      "bench-results/",
      "prisma/migrations/",
    ],
  },
  {
    files: ["**/*.{ts,tsx,js,mjs,cjs}"],
    languageOptions: { parser: typescriptParser },
    plugins: { "@stylistic": stylistic },
    rules: {
      "@stylistic/max-len": [
        "error",
        {
          code: 120,
          ignoreUrls: true,
          ignoreRegExpLiterals: true,
          ignorePattern: String.raw`^\s*(import .* from ["'][^"']+["'];|(it|test|describe)(\.\w+)*\(.*)$`,
        },
      ],
    },
  },
];
