/**
 * Timing helpers shared by the bench scenarios: sequential timings, one table row of p50/p95, and the machine's load
 * to print beside each row (a figure taken on a busy machine says so).
 */
import { availableParallelism, loadavg } from "node:os";

export type BenchRow = Record<string, string | number>;

/** The column every printed row carries: the 1, 5 and 15 minute load averages when the row was taken. */
export const LOAD_COLUMN = `load 1/5/15 min (${availableParallelism()} cores)`;

export const machineLoad = () =>
  loadavg()
    .map((load) => load.toFixed(1))
    .join(" / ");

/** The row with the machine's load beside it. */
export const withLoad = (row: BenchRow): BenchRow => ({ ...row, [LOAD_COLUMN]: machineLoad() });

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
