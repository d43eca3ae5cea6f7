/** Types for parse-prometheus-text-format (it ships none): prom2json's shape, every number as text. */
declare module "parse-prometheus-text-format" {
  export type PrometheusSample = {
    labels?: Record<string, string>;
    value?: string;
    buckets?: Record<string, string>;
    count?: string;
    sum?: string;
  };
  export type PrometheusFamily = { name: string; help: string; type: string; metrics: PrometheusSample[] };
  export default function parsePrometheusTextFormat(text: string): PrometheusFamily[];
}
