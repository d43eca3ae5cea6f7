/**
 * A cost as people read it (runs, chats, insights, evaluations): dollars and cents from $1 up; below, enough decimals
 * for two significant digits or more ($0.015, $0.0075, $0.000027), never an exponent. Apart from the price table's
 * schema (model-price-table.ts), so any page may show a cost without it.
 */
export function formatUsd(usd: number): string {
  if (usd === 0) return "$0";
  if (usd >= 1) return `$${usd.toFixed(2)}`;
  const decimals = Math.min(12, Math.max(2, Math.ceil(-Math.log10(usd)) + 2));
  const text = usd.toFixed(decimals).replace(/0+$/, "");
  return `$${text.split(".")[1].length < 2 ? usd.toFixed(2) : text}`;
}
