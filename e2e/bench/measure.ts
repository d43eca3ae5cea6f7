/** Timing helpers shared by the bench scenarios: sequential timings and one table row of p50/p95. */
export type BenchRow = Record<string, string | number>;

export const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((p / 100) * values.length))];
export const ms = (value: number) => Math.round(value * 10) / 10;

export async function timeEach(count: number, action: (index: number) => Promise<unknown>): Promise<number[]> {
  const durations: number[] = [];
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    await action(i);
    durations.push(performance.now() - started);
  }
  return durations;
}

/** A row for sequential work: how many per second one caller gets, and the latency percentiles. */
export function sequentialRow(scenario: string, durations: number[]): BenchRow {
  const mean = durations.reduce((a, b) => a + b, 0) / durations.length;
  return {
    scenario,
    "per second": ms(1000 / mean),
    "p50 ms": ms(percentile(durations, 50)),
    "p95 ms": ms(percentile(durations, 95)),
  };
}
