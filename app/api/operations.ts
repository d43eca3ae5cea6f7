/**
 * Every operation of the HTTP API, for the OpenAPI document (/api/openapi.json) and the /api-docs page: each route
 * folder describes its own next to its zod schemas (its schema.ts), and is listed here once. A route file whose
 * methods are not described fails app/api/openapi.json/openapi-contract.integration.test.ts.
 */
import type { ApiOperation } from "@/lib/http/openapi/operation";
import { operations as a2a } from "./a2a/schema";
import { operations as audit } from "./audit/tool-calls/schema";
import { operations as conversations } from "./conversations/schema";
import { operations as folders } from "./folders/schema";
import { operations as health } from "./health/schema";
import { operations as hooks } from "./hooks/schema";
import { operations as insights } from "./insights/schema";
import { operations as knowledge } from "./knowledge/schema";
import { operations as mcp } from "./mcp/schema";
import { operations as metrics } from "./metrics/schema";
import { operations as models } from "./models/schema";
import { operations as openApi } from "./openapi.json/schema";
import { operations as publicChat } from "./public-chat/schema";
import { operations as resume } from "./resume/schema";
import { operations as approvals } from "./runs/[id]/approvals/schema";
import { operations as runWaits } from "./runs/[id]/schema";
import { operations as runs } from "./runs/schema";
import { operations as secrets } from "./secrets/schema";
import { operations as variables } from "./variables/schema";
import { operations as agUi } from "./workflows/[id]/ag-ui/schema";
import { operations as datasets } from "./workflows/[id]/datasets/schema";
import { operations as publicChatSettings } from "./workflows/[id]/public-chat/schema";
import { operations as evaluations } from "./workflows/[id]/evaluations/schema";
import { operations as workflowRuns } from "./workflows/[id]/runs/schema";
import { operations as schedules } from "./workflows/[id]/schedules/schema";
import { operations as workflow } from "./workflows/[id]/schema";
import { operations as versions } from "./workflows/[id]/versions/schema";
import { operations as workflows } from "./workflows/schema";

export const API_OPERATIONS: readonly ApiOperation[] = [
  ...workflows,
  ...workflow,
  ...versions,
  ...folders,
  ...schedules,
  ...workflowRuns,
  ...agUi,
  ...publicChatSettings,
  ...publicChat,
  ...a2a,
  ...datasets,
  ...evaluations,
  ...runs,
  ...runWaits,
  ...approvals,
  ...insights,
  ...conversations,
  ...hooks,
  ...resume,
  ...secrets,
  ...variables,
  ...knowledge,
  ...models,
  ...audit,
  ...mcp,
  ...health,
  ...metrics,
  ...openApi,
];
