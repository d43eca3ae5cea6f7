/** How the evaluation pages write a pass rate, a verdict and a value preview. Pure. */
/** 85%, 70.5%: one decimal, dropped when it is 0. */
export const percent = (rate: number) => `${Number((rate * 100).toFixed(1))}%`;

export const preview = (value: unknown, max = 120) => {
  const text = typeof value === "string" ? value : (JSON.stringify(value) ?? "");
  return text.length > max ? `${text.slice(0, max)}…` : text;
};

export const sourceText = (version: number | null) => (version === null ? "draft" : `v${version}`);
