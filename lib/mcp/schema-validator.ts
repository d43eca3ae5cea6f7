/**
 * One JSON Schema validator for every MCP Server and Client this process builds. The SDK's default
 * builds a new Ajv (with its formats) per Server or Client — about a third of a gateway request's
 * CPU — and compiles a tool's output schema again for every client. Here compiled validators are
 * kept by the schema's text, a bounded number of them, and an evicted one is dropped from Ajv too
 * (Ajv otherwise keeps every schema object it ever compiled).
 */
import { AjvJsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/ajv";
import type {
  JsonSchemaType,
  JsonSchemaValidator,
  jsonSchemaValidator,
} from "@modelcontextprotocol/sdk/validation/types.js";
import { Ajv } from "ajv";
import addFormats from "ajv-formats";

export const MAX_COMPILED = 500;

class SharedSchemaValidator implements jsonSchemaValidator {
  // The SDK's settings (ajv-provider.js), on one instance.
  private readonly ajv = new Ajv({ strict: false, validateFormats: true, validateSchema: false, allErrors: true });
  private readonly wrapped: AjvJsonSchemaValidator;
  private readonly compiled = new Map<string, { schema: JsonSchemaType; validate: JsonSchemaValidator<unknown> }>();

  constructor() {
    (addFormats as unknown as (ajv: Ajv) => void)(this.ajv);
    this.wrapped = new AjvJsonSchemaValidator(this.ajv);
  }

  getValidator<T>(schema: JsonSchemaType): JsonSchemaValidator<T> {
    const key = JSON.stringify(schema);
    let entry = this.compiled.get(key);
    if (entry) {
      this.compiled.delete(key); // most recently used goes last
    } else {
      entry = { schema, validate: this.wrapped.getValidator(schema) };
      if (this.compiled.size >= MAX_COMPILED) this.evictOldest();
    }
    this.compiled.set(key, entry);
    return entry.validate as JsonSchemaValidator<T>;
  }

  private evictOldest() {
    const [key, oldest] = this.compiled.entries().next().value!;
    this.compiled.delete(key);
    this.ajv.removeSchema(oldest.schema as object);
  }
}

const globalForValidator = globalThis as unknown as { switchboardSchemaValidator?: SharedSchemaValidator };

/** Pass as `jsonSchemaValidator` in every `new Server(…)` / `new Client(…)` options. */
export function sharedSchemaValidator(): jsonSchemaValidator {
  return (globalForValidator.switchboardSchemaValidator ??= new SharedSchemaValidator());
}
