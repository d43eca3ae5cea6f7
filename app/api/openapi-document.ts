/** The API's OpenAPI document, built once per process (the operations never change while it runs). */
import { buildOpenApiDocument, type OpenApiDocument } from "@/lib/http/openapi/build-document";
import { API_OPERATIONS } from "./operations";

let built: OpenApiDocument | undefined;

export function openApiDocument(): OpenApiDocument {
  built ??= buildOpenApiDocument(API_OPERATIONS);
  return built;
}
