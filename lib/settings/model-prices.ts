/**
 * The price table as stored (Settings → Model prices, admin): the defaults until an admin saves a table of their own,
 * which then replaces them whole. Workers read it at most every few seconds.
 */
import { getDb } from "../db/client";
import { asJson } from "../db/json";
import { DEFAULT_MODEL_PRICES, ModelPriceTable, type ModelPrice } from "./model-price-table";

const KEY = "modelPrices";
const CACHE_MS = 3_000;
// On globalThis, so an admin's change (a server action) reaches the route handlers' copy at once.
const holder = globalThis as unknown as { switchboardModelPrices?: { table: ModelPrice[]; at: number } };

export async function readModelPrices(): Promise<{ table: ModelPrice[]; customised: boolean }> {
  const row = await getDb().setting.findUnique({ where: { key: KEY }, select: { value: true } });
  const stored = row ? ModelPriceTable.safeParse(row.value) : undefined;
  return stored?.success
    ? { table: stored.data, customised: true }
    : { table: DEFAULT_MODEL_PRICES, customised: false };
}

/** The table as a run prices its model calls with: read at most every few seconds. */
export async function modelPrices(): Promise<ModelPrice[]> {
  const cached = holder.switchboardModelPrices;
  if (cached && Date.now() - cached.at < CACHE_MS) return cached.table;
  const { table } = await readModelPrices();
  holder.switchboardModelPrices = { table, at: Date.now() };
  return table;
}

/** Stores an admin's table (null: back to the defaults). */
export async function saveModelPrices(table: ModelPrice[] | null): Promise<void> {
  holder.switchboardModelPrices = undefined;
  if (table === null) return void (await getDb().setting.deleteMany({ where: { key: KEY } }));
  const value = asJson(ModelPriceTable.parse(table));
  await getDb().setting.upsert({ where: { key: KEY }, create: { key: KEY, value }, update: { value } });
}
