/** How the evaluation pages write a pass rate, a verdict and a value preview. Pure. */
export const percent = (rate: number) => `${(rate * 100).toFixed(rate === 1 || rate === 0 ? 0 : 1)}%`;

export const preview = (value: unknown, max = 120) => {
  const text = typeof value === "string" ? value : (JSON.stringify(value) ?? "");
  return text.length > max ? `${text.slice(0, max)}…` : text;
};

export const sourceText = (version: number | null) => (version === null ? "draft" : `v${version}`);
