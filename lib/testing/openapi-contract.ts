/**
 * Holds real answers to the OpenAPI document (/api/openapi.json): each call is matched to its documented operation,
 * its status must be one the operation lists, and its body must validate (ajv, JSON Schema 2020-12 as OpenAPI 3.1
 * writes it) against the schema documented for that status and content type. Every (operation, status) seen is
 * recorded, so a test can say which documented answers no call produced.
 */
import { request as httpRequest } from "node:http";
import Ajv2020, { type ValidateFunction } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";

type MediaType = { schema?: unknown };
type ResponseDoc = { content?: Record<string, MediaType> };
type OperationDoc = { responses: Record<string, ResponseDoc> };
export type OpenApiDoc = { paths: Record<string, Record<string, OperationDoc>> };

export type Answer = { status: number; contentType: string; text: string; headers: Headers };

/** `/api/workflows/{id}` → a pattern that matches `/api/workflows/abc` (and nothing longer). */
const templatePattern = (template: string) =>
  new RegExp(`^${template.replace(/[.]/g, "\\.").replace(/\{\w+\}/g, "[^/]+")}$`);

/** A JSON pointer to `path` inside the document. */
const pointer = (...steps: string[]) => steps.map((step) => step.replace(/~/g, "~0").replace(/\//g, "~1")).join("/");

export class ContractRecorder {
  private readonly ajv = new Ajv2020({ strict: false, allErrors: true });
  private readonly validators = new Map<string, ValidateFunction>();
  private readonly templates: { template: string; pattern: RegExp }[];
  readonly seen = new Set<string>();

  constructor(readonly doc: OpenApiDoc) {
    addFormats(this.ajv);
    this.ajv.addSchema(doc as object, "openapi.json");
    // Longest first, so a literal path wins over a template that would match it too.
    this.templates = Object.keys(doc.paths)
      .sort((a, b) => b.length - a.length)
      .map((template) => ({ template, pattern: templatePattern(template) }));
  }

  /** Every documented answer as `METHOD /path STATUS`. */
  documented(): string[] {
    return Object.entries(this.doc.paths).flatMap(([path, item]) =>
      Object.entries(item).flatMap(([method, operation]) =>
        Object.keys(operation.responses).map((status) => `${method.toUpperCase()} ${path} ${status}`),
      ),
    );
  }

  /** The documented operation a request reaches: its path template. */
  templateOf(method: string, url: string): string {
    const path = new URL(url, "http://x").pathname;
    const found = this.templates.find(
      ({ template, pattern }) => pattern.test(path) && this.doc.paths[template][method.toLowerCase()],
    );
    if (!found) throw new Error(`${method} ${path}: no operation of the document describes it`);
    return found.template;
  }

  /** Checks an answer against the document (throwing what is wrong) and records it as seen. */
  check(method: string, url: string, answer: Answer): Answer {
    const template = this.templateOf(method, url);
    const where = `${method} ${template} → ${answer.status}`;
    const response = this.doc.paths[template][method.toLowerCase()].responses[String(answer.status)];
    if (!response) throw new Error(`${where}: the document does not list this status (body: ${answer.text})`);
    this.seen.add(`${method.toUpperCase()} ${template} ${answer.status}`);
    if (!response.content) {
      if (answer.text !== "") throw new Error(`${where}: documented without a body, but answered ${answer.text}`);
      return answer;
    }
    const type = answer.contentType.split(";")[0].trim();
    if (!response.content[type])
      throw new Error(`${where}: answered ${type || "no content type"}, documented ${Object.keys(response.content)}`);
    if (type !== "application/json") return answer;
    const key = pointer("paths", template, method.toLowerCase(), "responses", String(answer.status), "content", type);
    let validate = this.validators.get(key);
    if (!validate) {
      validate = this.ajv.compile({ $ref: `openapi.json#/${key}/schema` });
      this.validators.set(key, validate);
    }
    if (!validate(JSON.parse(answer.text)))
      throw new Error(
        `${where}: the body drifts from the document: ${this.ajv.errorsText(validate.errors)}\n${answer.text}`,
      );
    return answer;
  }

  /** fetch, checked. */
  async fetch(url: string, init: RequestInit = {}): Promise<Answer> {
    const response = await fetch(url, init);
    const answer = {
      status: response.status,
      contentType: response.headers.get("content-type") ?? "",
      headers: response.headers,
      text: (response.headers.get("content-type") ?? "").startsWith("text/event-stream") ? "" : await response.text(),
    };
    if (answer.contentType.startsWith("text/event-stream")) await response.body?.cancel();
    return this.check(init.method ?? "GET", url, answer);
  }

  /** A request node:http sends as written (a Host of our choosing, a Content-Length with no body), checked. */
  raw(method: string, url: string, headers: Record<string, string>): Promise<Answer> {
    const target = new URL(url);
    return new Promise((resolve, reject) => {
      const req = httpRequest(
        { host: target.hostname, port: target.port, path: target.pathname + target.search, method, headers },
        (res) => {
          let text = "";
          res.setEncoding("utf8");
          res.on("data", (chunk: string) => (text += chunk));
          res.on("end", () => {
            const answerHeaders = new Headers(res.headers as Record<string, string>);
            const answer = {
              status: res.statusCode ?? 0,
              contentType: res.headers["content-type"] ?? "",
              headers: answerHeaders,
              text,
            };
            try {
              resolve(this.check(method, url, answer));
            } catch (error) {
              reject(error);
            }
            req.destroy();
          });
        },
      );
      req.on("error", reject);
      req.end();
    });
  }
}
