/**
 * The lines of a failed MCP server's stderr worth putting in an error message. The last few lines
 * are often the least useful (Node ends a crash with `code: 'MODULE_NOT_FOUND'`, `}` and its
 * version; Python with the exception after a traceback), so lines that say what went wrong come
 * first, stack frames and punctuation are dropped, and the last meaningful line closes it.
 */
const MAX_LINES = 3;
// `(error|exception)\b` without a leading \b, so ModuleNotFoundError and TypeError count.
const SAYS_WHAT_WENT_WRONG =
  /(error|exception)\b|\b(cannot|can't|could not|couldn't|not found|no such|denied|refused|failed|invalid|missing|unknown|ENOENT|EACCES|EADDRINUSE)\b/i;
const NOISE = [
  /^\s*at\s/, // a JavaScript stack frame
  /^\s*File ".*", line \d+/, // a Python traceback frame
  /^\s*[\^~{}()[\],]*\s*$/, // punctuation and carets
  /^\s*throw\s/,
  /^node:internal\//,
  /^Node\.js v\d/,
  /^Traceback \(most recent call last\):$/,
];

export function stderrSummary(stderr: string): string {
  const lines = stderr
    .split("\n")
    .map((line) => line.trimEnd())
    .filter((line) => line.trim() !== "" && !NOISE.some((pattern) => pattern.test(line)));
  if (lines.length === 0) return "";
  const telling = lines.filter((line) => SAYS_WHAT_WENT_WRONG.test(line)).slice(0, MAX_LINES);
  const last = lines.at(-1)!;
  const chosen =
    telling.length > 0
      ? telling.includes(last) || telling.length >= MAX_LINES
        ? telling
        : [...telling, last]
      : lines.slice(-MAX_LINES);
  return chosen.map((line) => line.trim()).join(" | ");
}
