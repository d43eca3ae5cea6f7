/**
 * ESLint here checks two things (`npm run check:lines`, run by `npm test`): lines stay at most 120 characters, and a
 * function of the product's code stays at most 60 lines (blank lines and comments aside): a longer one is split into
 * pieces that each do one thing. Tests are exempt from the second: a test reads top to bottom as one story.
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
  {
    files: ["{app,components,hooks,lib,workers}/**/*.{ts,tsx}"],
    ignores: ["**/*.test.{ts,tsx}", "lib/testing/**"],
    languageOptions: { parser: typescriptParser, parserOptions: { ecmaFeatures: { jsx: true } } },
    rules: { "max-lines-per-function": ["error", { max: 60, skipBlankLines: true, skipComments: true }] },
  },
];
