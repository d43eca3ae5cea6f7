/** One operation on /api-docs: method, path, what it does, who may call it, its parameters, body and answers. */
type MediaTypes = Record<string, { schema?: unknown }>;
type Parameter = { name: string; in: string; required?: boolean; description?: string; schema?: unknown };
export type OperationView = {
  tags?: string[];
  summary?: string;
  description?: string;
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content?: MediaTypes };
  responses?: Record<string, { description?: string; content?: MediaTypes }>;
};

/** A schema as JSON, its $refs pointing at the Schemas section below. */
export function SchemaBlock({ schema }: { schema: unknown }) {
  return <pre className="api-schema">{JSON.stringify(schema, null, 2)}</pre>;
}

function Content({ content }: { content?: MediaTypes }) {
  if (!content) return null;
  return (
    <>
      {Object.entries(content).map(([type, media]) => (
        <details key={type}>
          <summary>{type}</summary>
          {media.schema !== undefined && <SchemaBlock schema={media.schema} />}
        </details>
      ))}
    </>
  );
}

export function OperationCard({ method, path, operation }: { method: string; path: string; operation: OperationView }) {
  return (
    <article className="api-op" data-testid={`api-op-${method.toUpperCase()} ${path}`}>
      <h3>
        <span className={`api-method api-method-${method}`}>{method.toUpperCase()}</span>{" "}
        <code className="api-op-path">{path}</code> <span className="api-op-summary">{operation.summary}</span>
      </h3>
      {operation.description && <p className="api-op-description">{operation.description.replace(/\*\*/g, "")}</p>}
      {operation.parameters && operation.parameters.length > 0 && (
        <ul className="api-params">
          {operation.parameters.map((parameter) => (
            <li key={`${parameter.in} ${parameter.name}`}>
              <code>{parameter.name}</code> ({parameter.in}
              {parameter.required ? ", required" : ""}){parameter.description ? ` — ${parameter.description}` : ""}
            </li>
          ))}
        </ul>
      )}
      {operation.requestBody && (
        <div className="api-body">
          <strong>Body{operation.requestBody.required ? "" : " (optional)"}</strong>
          <Content content={operation.requestBody.content} />
        </div>
      )}
      <table className="api-responses">
        <tbody>
          {Object.entries(operation.responses ?? {}).map(([status, response]) => (
            <tr key={status}>
              <td className="api-status">{status}</td>
              <td>
                {response.description}
                <Content content={response.content} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </article>
  );
}
