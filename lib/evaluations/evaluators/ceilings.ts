/** Cost and latency ceilings: the row's run cost at most so many dollars and took at most so many ms. Pure. */
import { z } from "zod";
import { verdict, type RowOutcome } from "./types";

const name = z.string().max(100).optional();
export const MaxCostConfig = z.object({ kind: z.literal("maxCost"), name, usd: z.number().min(0) });
export const MaxLatencyConfig = z.object({ kind: z.literal("maxLatency"), name, ms: z.number().int().min(0) });

const dollars = (usd: number) => `$${usd.toFixed(usd < 0.01 ? 6 : 2)}`;

export function maxCost(config: z.infer<typeof MaxCostConfig>, row: RowOutcome) {
  return row.costUsd <= config.usd
    ? verdict(true, `Cost ${dollars(row.costUsd)}, at most ${dollars(config.usd)}`)
    : verdict(false, `Cost ${dollars(row.costUsd)}, more than ${dollars(config.usd)}`);
}

export function maxLatency(config: z.infer<typeof MaxLatencyConfig>, row: RowOutcome) {
  if (row.durationMs === null) return verdict(false, "The run never finished, so its duration is unknown");
  return row.durationMs <= config.ms
    ? verdict(true, `Took ${row.durationMs} ms, at most ${config.ms} ms`)
    : verdict(false, `Took ${row.durationMs} ms, more than ${config.ms} ms`);
}
