/** /api-docs draws every operation of the real OpenAPI document, with its statuses and body types. */
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { openApiDocument } from "@/app/api/openapi-document";
import { OperationCard, type OperationView } from "./operation-card";

describe("an operation card", () => {
  it("draws each operation's method, path, parameters, body and answers", () => {
    const paths = openApiDocument().paths as Record<string, Record<string, OperationView>>;
    const put = renderToStaticMarkup(
      createElement(OperationCard, {
        method: "put",
        path: "/api/workflows/{id}",
        operation: paths["/api/workflows/{id}"].put,
      }),
    );
    expect(put).toContain(">PUT<");
    expect(put).toContain("Replace a workflow&#x27;s draft");
    expect(put).toContain("<code>if-match</code> (header)");
    expect(put).toContain("Editors and admins.");
    for (const status of ["200", "400", "401", "403", "404", "409", "413", "415", "421"])
      expect(put).toContain(`<td class="api-status">${status}</td>`);
    for (const [path, item] of Object.entries(paths))
      for (const [method, operation] of Object.entries(item))
        expect(renderToStaticMarkup(createElement(OperationCard, { method, path, operation }))).toContain(path);
  });
});
