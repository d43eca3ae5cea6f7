/**
 * The shape of a catalogue component. `ComponentMeta` is the serialisable part the browser and
 * the compiler see; `ComponentDefinition` adds the param schema and `execute()`, which stay on
 * the server.
 */
import type { OutboundSecret } from "../secrets/secret-destination";
import type { SecretScope } from "../secrets/secret-scope";
import type { z } from "zod";
import type { RunEventInput, ToolCallRecord } from "../runs/events";
import type { TranscriptMessage } from "../runs/transcript";

export type JsonSchema = Record<string, unknown>;

export type PortDefinition = {
  /** Also the React Flow handle id. An input port fills the param of the same name. */
  name: string;
  label: string;
  /** JSON Schema of the value; used when the port becomes a tool argument. */
  schema?: JsonSchema;
};

/**
 * How the inspector edits a param. `prompt`: multi-line text for a model; `template`: text with
 * `{{nodeLabel.output}}` placeholders filled from upstream outputs; `secret`: the value is a
 * secret reference (lib/secrets/reference.ts), shown by name, never by value; `wired-tool`: the
 * name of a tool offered by a node wired into this node's `tools` handle; `input-fields`: the
 * Entry's input schema (lib/workflow/run-input-schema.ts); `workflow-ref`: another workflow's id,
 * picked by name; `string-list`: a list of strings edited as rows (command arguments); `key-value`:
 * an object of text values, each of which may be a secret reference (headers, environment);
 * `output-schema`: a JSON Schema of a model's answer, built field by field or pasted (lib/agent/output-schema.ts).
 */
export type ParamFieldKind =
  | "text"
  | "textarea"
  | "prompt"
  | "template"
  | "number"
  | "boolean"
  | "select"
  | "json"
  | "secret"
  | "wired-tool"
  | "input-fields"
  | "workflow-ref"
  | "string-list"
  | "key-value"
  | "output-schema";

export type FieldCondition = { param: string; equals: string };

export type ParamField = {
  name: string;
  label: string;
  kind: ParamFieldKind;
  required?: boolean;
  placeholder?: string;
  help?: string;
  options?: { value: string; label: string }[];
  /**
   * Show the field only while another param has this value (e.g. provider-specific settings); a list: while each of
   * them does.
   */
  visibleWhen?: FieldCondition | FieldCondition[];
  /** Strings inside this value may hold `{{nodeLabel.port}}` placeholders (always true for "template" and "prompt"). */
  templated?: boolean;
  /**
   * A model picker: the inspector can ask the node's provider which models it has (its row in
   * lib/agent/provider-table.ts says how), besides the suggested `options`.
   */
  listsModels?: boolean;
};

export type ComponentCategory = "Flow" | "Data" | "AI" | "Tools";

export type ToolShape = {
  /** Default tool name the agent sees; the node's label can override it. */
  name: string;
  description: string;
  /** Input ports the agent fills by default; the rest are bound from params and upstream edges. */
  agentInputs: string[];
  /**
   * True for MCP sources: the tools are discovered from the server(s) at run time and reach the
   * agent as `{source}__{tool}`, so there is no single tool name and no input for the agent to fill.
   */
  discovered?: boolean;
};

export type ComponentMeta = {
  id: string;
  label: string;
  category: ComponentCategory;
  /** A lucide icon name, drawn by the editor. */
  icon: string;
  description: string;
  inputs: PortDefinition[];
  outputs: PortDefinition[];
  fields: ParamField[];
  defaults: Record<string, unknown>;
  /**
   * Every param the component takes (its schema's keys): any other is refused (lib/workflow/unknown-params.ts). Set by
   * defineComponent.
   */
  paramNames?: string[];
  /**
   * What a node dropped in the editor starts with, over `defaults`. A new Agent asks for a real
   * model this way, while a graph saved without a provider keeps meaning the schema's default.
   */
  startingParams?: Record<string, unknown>;
  /** Present when the component can be switched to tool mode. */
  tool?: ToolShape;
  /** Present on components with a `tools` handle (agents, LLM and Tool Call nodes). */
  acceptsTools?: boolean;
  /** The node cannot run without a tool wired into its `tools` handle (Tool Call). */
  requiresTool?: boolean;
  /**
   * Hands a gateway token to someone outside the run even with no tools wired (External Agent): the run's token
   * clean-up must happen.
   */
  handsOutGatewayToken?: boolean;
  /**
   * Touches the machine Switchboard runs on: "always" (runs programs, reads or writes files),
   * "stdio-servers" (MCP nodes, when a server is a local process), or when a param has a value (an
   * External Agent that spawns its agent). Off until an admin enables host access. A declaration
   * for people and tests: whether a given node touches the host is decided from its launch spec
   * (lib/workflow/launch-spec.ts), which every type declared here must have a row in.
   */
  hostAccess?: "always" | "stdio-servers" | { param: string; equals: string };
  /**
   * A branching node (If, Switch): the output ports it leaves out of its output are branches not
   * taken, and the nodes fed only from them are skipped (lib/runs/skip-rule.ts).
   */
  branches?: boolean;
  /**
   * A trigger starts runs: "manual" (Entry: Run and the API), "webhook" or "schedule". Only the one that started a run
   * fires in it.
   */
  trigger?: "manual" | "webhook" | "schedule";
  /** The node needs at least one of its data inputs wired (Merge). */
  requiresInput?: boolean;
  /** An Output node: when a workflow has any, they (the ones that ran) are the run's output. */
  namesRunOutput?: boolean;
  /**
   * The param holding a JSON Schema of the node's answer (a model node's structured output): its top-level fields
   * are output handles too, per node (lib/workflow/node-outputs.ts).
   */
  schemaOutputsParam?: string;
};

/** A param value the compiler can already tell is unusable: the field at fault and a message naming the node. */
export type ParamProblem = { field: string; message: string };

/**
 * What a param check may look at besides the params (defaults applied): the node's label and the workflow-level
 * settings.
 */
export type ParamValidationContext = { label: string; mcpServers?: Record<string, unknown> };

/** A component's own checks beyond `required` fields; pure, because the browser runs the compiler too. */
export type ParamValidator = (params: Record<string, unknown>, context: ParamValidationContext) => ParamProblem[];

export type ExecuteContext<P> = {
  runId: string;
  nodeId: string;
  label: string;
  /** The input the run was started with (what the Entry node hands on). */
  runInput: unknown;
  /** Params after validation, with connected inputs (and, in tool mode, the agent's arguments) merged over them. */
  params: P;
  /** The chat conversation this run answers (a run started from the Chat panel), for model nodes' memory. */
  conversationId?: string;
  /** Tool-mode nodes wired into this node's `tools` handle (agents, LLM and Tool Call nodes). */
  connectedToolNodeIds: string[];
  /** The node's resolved secrets that may only go to some hosts; outbound requests check them. */
  outboundSecrets?: OutboundSecret[];
  /** The run's secrets, for what a node reports in pieces (a model's streamed text: lib/runs/text-streamer.ts). */
  secrets?: Pick<SecretScope, "streamRedactor">;
  emit: (event: RunEventInput) => Promise<void>;
  /**
   * Records an event without waiting: it rides with the run's next write (within NOTE_FLUSH_MS). For frequent small
   * events, such as streamed text.
   */
  note: (event: RunEventInput) => void;
  signal: AbortSignal;
  /**
   * Marks a tool call this node makes as under way; call what it returns when the call is done (a gentle cancel waits
   * for these).
   */
  trackToolCall?: (toolName: string) => () => void;
  /** Progress within the node that survives a worker's death (a Loop's finished items, an agent's steps and calls). */
  checkpoints?: NodeCheckpoints;
  /**
   * Runs another workflow as a child of this run and waits for its end (the Workflow Tool). The
   * engine passes it in: the catalogue sits below the engine and never imports it.
   */
  runChildWorkflow?: (request: ChildWorkflowRequest) => Promise<{ runId: string; output: unknown }>;
  /**
   * Waiting without holding a worker (a long Wait, an Approval step, Wait for webhook, an External
   * Agent waiting for a person): the engine passes it in for normal-mode nodes; absent in tool mode.
   */
  waits?: NodeWaits;
};

/** What a node waits for. `until`: when the wait ends by itself (a timer, a timeout); absent, only someone ends it. */
export type WaitRequest = {
  kind: "timer" | "approval" | "webhook" | "external";
  until?: Date;
  /** What the run view shows while it waits (a message, the value to approve); never a secret. */
  detail: Record<string, unknown>;
};

/**
 * How a wait ended: by someone (a person, a POST to the resume URL, an outside agent) with a value, or by its
 * time running out.
 */
export type WaitOutcome =
  | { timedOut: true }
  | { timedOut: false; by: "person" | "link" | "webhook"; value: unknown; /** a person's name */ decidedBy?: string };

export type OpenedWait = {
  /** How it ended, once it has; null while it still waits. */
  outcome: WaitOutcome | null;
  /** The one-time URL that ends it (POST), with its secret: hand it only to whoever may end the wait. */
  resumeUrl: string;
  /** The same wait's one-time page, where a person decides an Approval step without signing in. */
  pageUrl: string;
};

/**
 * A node's wait, stored in PostgreSQL (one per node and run, its detail redacted with the run's secrets): `open`
 * finds or opens it, `suspend` parks the node until it ends — the run lets go of its worker and the node runs again,
 * on any worker, once it has (then `open` answers with the outcome).
 */
export type NodeWaits = {
  open: (request: WaitRequest) => Promise<OpenedWait>;
  suspend: () => Promise<never>;
  /**
   * Hands the wait's links out with `send` unless an earlier attempt already did: the wait is marked once `send`
   * succeeds, so a send that failed, or a worker that died before it finished, sends again when the node runs again.
   */
  handOut: (send: () => Promise<void>) => Promise<void>;
  /**
   * POSTs `body` (the one-time links) to `url` for whoever ends the wait: through the outbound guard
   * (address policy, secrets' allowed hosts), with the run's secrets redacted from the body.
   */
  notify: (url: string, body: Record<string, unknown>) => Promise<void>;
};

/** What a component asks of a child run; the engine adds the parent run, the node and the cancel signal. */
export type ChildWorkflowRequest = { workflowId: string; input: unknown; timeoutMs: number };

/**
 * Steps a node has finished, found again when the run resumes on another worker: a Loop's items
 * (`loop.item` events), a model node's steps (`agent.step`) and the calls the gateway recorded for it.
 */
export type NodeCheckpoints = {
  /** The items this node finished in earlier attempts of the run (none on a first attempt). */
  load: () => Promise<Map<number, { ok: boolean; result?: unknown; error?: string }>>;
  /** Records one finished item (batched with the run's next write). */
  save: (index: number, outcome: { ok: boolean; result?: unknown; error?: string }) => void;
  /** What a model node (Agent, LLM) recorded in earlier attempts of the run: nothing on a first attempt. */
  loadConversation: () => Promise<RecordedConversation>;
};

/** A model step as its `agent.step` event recorded it (before the step's tool calls ran). */
export type RecordedStep = {
  iteration: number;
  text: string;
  toolCalls: number;
  finishReason: string;
  messages?: TranscriptMessage[];
  usage?: { inputTokens: number; outputTokens: number; totalTokens: number };
  stopReason?: string;
};

/** A model node's records from before its worker died: the journal it resumes from. */
export type RecordedConversation = {
  /** Its model steps, in order (those of its latest try only, when data.retry tried it again). */
  steps: RecordedStep[];
  /** The tool calls the gateway completed for it, by run-unique call id (`nodeId:modelCallId`). */
  completedCalls: Map<string, ToolCallRecord>;
  /** Run-unique ids of calls the gateway saw start (completed or not). */
  startedCalls: Set<string>;
  /**
   * Whether a call of this tool cut off by the worker's death may be sent again: its node is harmless
   * to repeat, or resumable from its own records (a Workflow Tool re-attaches to its child run).
   */
  maySendAgain: (toolName: string) => Promise<boolean>;
};

export type NodeOutput = Record<string, unknown>;

export type ComponentDefinition<S extends z.ZodObject = z.ZodObject> = ComponentMeta & {
  params: S;
  execute: (ctx: ExecuteContext<z.infer<S>>) => Promise<NodeOutput>;
  /**
   * Running the node's own work again from the start does no harm (a read, a model call, pure
   * data work): a resume after its worker died may simply run it again. Only what the node itself
   * does: for a node with a `tools` handle the engine also asks every wired tool
   * (lib/runs/repeat-safety.ts). Default: no — such a node is not run twice; unless it is
   * `resumableFromRecords`, the run fails naming it.
   */
  harmlessToRepeat?: boolean | ((params: z.infer<S>) => boolean);
  /**
   * Not harmless to repeat, but it need not be repeated: after its worker died it continues from
   * what it recorded (an agent's steps and completed tool calls, a Loop's finished items, a Workflow
   * Tool's child run) and never redoes a finished step. A call cut off mid-way is sent again only
   * when its tool is harmless to repeat (or resumable too); otherwise the node is told it may or
   * may not have run.
   */
  resumableFromRecords?: boolean;
  /**
   * Computes its output from its inputs alone, at once and for free (Entry, If, Transform…): its
   * completion need not be stored before the run goes on, because running it again costs nothing.
   * Other nodes' completions are checkpoints, stored before the next node starts.
   */
  pure?: boolean;
};

/** Identity helper that keeps a definition's param type tied to its schema. */
export function defineComponent<S extends z.ZodObject>(
  definition: Omit<ComponentDefinition<S>, "defaults" | "paramNames">,
): ComponentDefinition<S> {
  const defaults: Record<string, unknown> = {};
  for (const [name, schema] of Object.entries(definition.params.shape)) {
    const parsed = (schema as z.ZodType).safeParse(undefined);
    if (parsed.success && parsed.data !== undefined) defaults[name] = parsed.data;
  }
  return { ...definition, defaults, paramNames: Object.keys(definition.params.shape) };
}

/** Whether a field shows for some params: every condition of its `visibleWhen` holds. `read` gives a param's value. */
export function isFieldShown(field: ParamField, read: (name: string) => unknown): boolean {
  if (!field.visibleWhen) return true;
  const conditions = Array.isArray(field.visibleWhen) ? field.visibleWhen : [field.visibleWhen];
  return conditions.every((condition) => String(read(condition.param) ?? "") === condition.equals);
}

/** Whether a field's strings are templates the compiler resolves and the worker fills. */
export const isTemplatedField = (field: ParamField): boolean =>
  field.templated === true || field.kind === "template" || field.kind === "prompt";
