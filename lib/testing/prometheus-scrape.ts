/**
 * Reads /api/metrics as Prometheus would: the text parsed by a Prometheus text-format parser from npm
 * (parse-prometheus-text-format), and a sample picked by metric name and labels (a label left out matches any value;
 * matching samples are added up). That parser folds every label set of a histogram into one sample, so a histogram's
 * `# TYPE` line is dropped before parsing: its `_bucket`, `_sum` and `_count` lines then parse as series of their own,
 * labels and all.
 */
import parsePrometheusTextFormat, { type PrometheusFamily, type PrometheusSample } from "parse-prometheus-text-format";
import type { ApiClient } from "./api-client";

export type Scrape = {
  families: PrometheusFamily[];
  /** The value of a counter or gauge, or of a histogram's `_bucket`/`_sum`/`_count` series, summed over matches. */
  value: (name: string, labels?: Record<string, string>) => number;
  /** A histogram's observation count (its `_count` series), summed likewise. */
  count: (name: string, labels?: Record<string, string>) => number;
  /** The metric names declared with `# TYPE`, and their types. */
  types: Map<string, string>;
};

const matches = (sample: PrometheusSample, labels: Record<string, string>) =>
  Object.entries(labels).every(([label, value]) => sample.labels?.[label] === value);

export function parseScrape(text: string): Scrape {
  const types = new Map<string, string>();
  const lines = text.split("\n").filter((line) => {
    const declared = line.match(/^# TYPE (\S+) (\S+)$/);
    if (declared) types.set(declared[1], declared[2]);
    return !(declared && declared[2] === "histogram");
  });
  const families = parsePrometheusTextFormat(lines.join("\n"));
  const value = (name: string, labels: Record<string, string> = {}) =>
    families
      .filter((family) => family.name === name) // a histogram's series come as one family per label set
      .flatMap((family) => family.metrics)
      .filter((sample) => matches(sample, labels))
      .reduce((sum, sample) => sum + Number(sample.value ?? 0), 0);
  return { families, types, value, count: (name, labels) => value(`${name}_count`, labels) };
}

export async function scrapeMetrics(api: ApiClient): Promise<Scrape> {
  const response = await api.fetch("/api/metrics");
  if (response.status !== 200) throw new Error(`/api/metrics answered ${response.status}: ${await response.text()}`);
  return parseScrape(await response.text());
}
