/** GET one published version of a workflow, with its graph (viewer); 404 when there is no such version. */
import { apiRoute } from "@/lib/http/api-route";
import { workflowOfPath } from "@/lib/http/workflow-of";
import { findVersion } from "../version-param";

export const dynamic = "force-dynamic";

export const GET = apiRoute<{ id: string; number: string }>(
  { role: "viewer", workflow: workflowOfPath },
  async (_call, params) => Response.json(await findVersion(params)),
);
