/** What GET /api/metrics answers (Prometheus' text format), as an OpenAPI operation. */
import { z } from "zod";
import type { ApiOperation } from "@/lib/http/openapi/operation";

export const operations: ApiOperation[] = [
  {
    method: "get",
    path: "/api/metrics",
    tag: "System",
    summary: "Prometheus metrics of the whole installation",
    description:
      "Runs started and finished, run and node durations, queues, worker slots, gateway calls, tokens and cost, " +
      "whichever process counted them. Scrape it with an admin's API key.",
    access: "admin",
    responses: {
      200: {
        description: "The metrics in Prometheus' text exposition format",
        content: { "text/plain": { schema: z.string() } },
      },
    },
  },
];
