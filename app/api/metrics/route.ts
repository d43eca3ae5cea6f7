/**
 * GET the Prometheus metrics of the whole installation (admin, by session or API key — a scraper uses a key:
 * `Authorization: Bearer <key>`): runs, durations, queues, worker slots, gateway calls, tokens and cost, whichever
 * process counted them (lib/metrics/exposition.ts says how).
 */
import { apiRoute } from "@/lib/http/api-route";
import { metricsExposition } from "@/lib/metrics/exposition";

export const dynamic = "force-dynamic";

export const GET = apiRoute({ role: "admin" }, async () => {
  const { text, contentType } = await metricsExposition();
  return new Response(text, { headers: { "content-type": contentType, "cache-control": "no-store" } });
});
