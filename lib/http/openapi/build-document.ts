/**
 * Builds the OpenAPI 3.1 document from the routes' operations (operation.ts) with @asteasolutions/zod-to-openapi:
 * each operation's own answers, plus the ones every route shares, derived from who may call it — the perimeter's
 * (400 malformed path or query, 421 foreign Host, 403 cross-site, 413/415 body), and for a role the login's (401, 403).
 */
import { OpenAPIRegistry, OpenApiGeneratorV31, type ResponseConfig } from "@asteasolutions/zod-to-openapi";
import { isRole } from "../../auth/roles";
import { apiError, type Access, type ApiOperation } from "./operation";

const SECURITY_SCHEMES = {
  apiKey: {
    type: "http",
    scheme: "bearer",
    description: "An API key (sb_…) from Settings → API keys, as `Authorization: Bearer sb_…`",
  },
  apiKeyHeader: { type: "apiKey", in: "header", name: "x-api-key", description: "The same API key in x-api-key" },
  session: {
    type: "apiKey",
    in: "cookie",
    name: "switchboard.session_token",
    description: "A signed-in browser's session (`__Secure-switchboard.session_token` over HTTPS)",
  },
  webhookSecret: {
    type: "apiKey",
    in: "header",
    name: "X-Webhook-Secret",
    description: "The Webhook trigger's secret, as its inspector shows it",
  },
  runToken: {
    type: "http",
    scheme: "bearer",
    bearerFormat: "JWT",
    description: "A run's session token, handed to its agents: the gateway takes nothing else",
  },
} as const;

type Requirement = Record<string, string[]>;
const USER: Requirement[] = [{ apiKey: [] }, { apiKeyHeader: [] }, { session: [] }];
const SECURITY: Record<Access, Requirement[]> = {
  viewer: USER,
  editor: USER,
  admin: USER,
  public: [],
  "resume-token": [],
  webhook: [{ webhookSecret: [] }, ...USER],
  "run-token": [{ runToken: [] }],
};

const ACCESS_TEXT: Record<Access, string> = {
  viewer: "Viewers and up.",
  editor: "Editors and admins.",
  admin: "Admins only.",
  public: "No credentials.",
  "resume-token": "No credentials: the one-time token in the path is the credential.",
  webhook: "The trigger's secret (X-Webhook-Secret), or an editor's API key or session.",
  "run-token": "A run's session token (Bearer), not a user's credential.",
};

const LIMIT_TEXT = {
  workflow: "A key limited to some workflows may call it for those.",
  filtered: "A key limited to some workflows gets only those workflows' part.",
  none: "A key limited to some workflows is refused (403).",
};

/** May a caller with too small a role, an API key limited elsewhere or a cross-site page be told 403 here? */
function mayForbid(operation: ApiOperation): boolean {
  if (operation.method !== "get") return true; // cross-site
  if (!isRole(operation.access)) return false;
  return operation.access !== "viewer" || operation.limited !== "filtered";
}

/** The answers every route shares, for this one's access and body. */
export function sharedResponses(operation: ApiOperation): Record<number, ResponseConfig> {
  const shared: Record<number, ResponseConfig> = {
    400: apiError("A malformed path, query string or JSON body; the error names what"),
    421: apiError("The Host is not one of this server's names"),
  };
  if (isRole(operation.access) || operation.access === "webhook")
    shared[401] = apiError("No credentials, or ones that are not valid");
  if (mayForbid(operation))
    shared[403] = apiError(
      "The role is too small, the key is limited to other workflows, or the request is cross-site",
    );
  if (operation.request?.body) {
    shared[413] = apiError("The body is larger than the limit here");
    shared[415] = apiError("The body is not application/json");
  }
  return shared;
}

/**
 * The route's own answers win over the shared ones for the same status and content type (an MCP route's 401 is
 * JSON-RPC); other content types of a shared answer stay (the OAuth page's 400 is HTML, the perimeter's JSON).
 */
function mergeResponses(
  shared: Record<number, ResponseConfig>,
  own: Record<number, ResponseConfig>,
): Record<number, ResponseConfig> {
  const merged = { ...shared };
  for (const [status, response] of Object.entries(own)) {
    const base = merged[Number(status)];
    merged[Number(status)] = base ? { ...response, content: { ...base.content, ...response.content } } : response;
  }
  return merged;
}

function describe(operation: ApiOperation): string {
  const limit = isRole(operation.access) ? ` ${LIMIT_TEXT[operation.limited ?? "none"]}` : "";
  return [operation.description, `**Access:** ${ACCESS_TEXT[operation.access]}${limit}`].filter(Boolean).join("\n\n");
}

/** `putApiWorkflowsById` for PUT /api/workflows/{id}: unique, and stable as long as the path is. */
const operationId = (method: string, path: string) =>
  method +
  path
    .replace(/\{(\w+)\}/g, "by-$1")
    .split(/[^A-Za-z0-9]+/)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join("");

export type OpenApiDocument = ReturnType<OpenApiGeneratorV31["generateDocument"]>;

export function buildOpenApiDocument(operations: readonly ApiOperation[]): OpenApiDocument {
  const registry = new OpenAPIRegistry();
  for (const [name, scheme] of Object.entries(SECURITY_SCHEMES))
    registry.registerComponent("securitySchemes", name, scheme);
  for (const operation of operations) {
    const { method, path, tag, summary, access, request, responses } = operation;
    registry.registerPath({
      method,
      path,
      tags: [tag],
      summary,
      description: describe(operation),
      operationId: operationId(method, path),
      security: SECURITY[access],
      request,
      responses: mergeResponses(sharedResponses(operation), responses),
    });
  }
  return new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: "3.1.0",
    info: {
      title: "Switchboard API",
      version: "1",
      description:
        "Build, publish and run AI-agent workflows. Every answer that is not a success is JSON `{ error, code }` " +
        "(and `errors` when there are several), except the MCP routes', which speak JSON-RPC.",
    },
    servers: [{ url: "/" }],
  });
}
