/**
 * Per-component param checks the compiler runs, for what a field's `required` cannot say (a field
 * needed only for one transport, a URL that does not parse, a name the workflow does not declare).
 * Kept apart from the catalogue so the browser's live compile can import them without any
 * execute() code; a component with checks of its own adds one line here.
 */
import { validateGroupNodeParams, validateServerNodeParams } from "../mcp/validate-node-params";
import { MCP_GROUP_TYPE, MCP_SERVER_TYPE } from "../mcp/mcp-names";
import {
  validateEntryParams,
  validateIfParams,
  validateScheduleParams,
  validateSwitchParams,
  validateTransformParams,
} from "../flow/validate-flow-params";
import { validateModelParams } from "../agent/validate-model-params";
import { validateExternalAgentParams } from "../external-agent/validate-external-agent-params";
import { validateScheduleInterval } from "../triggers/validate-schedule-interval";
import type { ParamValidator } from "./types";

const validators: Partial<Record<string, ParamValidator>> = {
  [MCP_SERVER_TYPE]: validateServerNodeParams,
  [MCP_GROUP_TYPE]: validateGroupNodeParams,
  "core.entry": validateEntryParams,
  "core.agent": validateModelParams,
  "core.llm": validateModelParams,
  "core.external.agent": validateExternalAgentParams,
  "core.if": validateIfParams,
  "core.switch": validateSwitchParams,
  "core.transform": validateTransformParams,
  "trigger.schedule": (params, context) => [
    ...validateScheduleParams(params, context),
    ...validateScheduleInterval(params, context),
  ],
};

export const paramValidatorFor = (type: string): ParamValidator | undefined => validators[type];
