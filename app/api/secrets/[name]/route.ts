/**
 * PUT `{ value, allowedHosts? }` adds or replaces a secret; DELETE removes it (admin). Answers carry the name, hosts
 * and time, never the value.
 */
import { ApiError } from "@/lib/http/api-error";
import { apiRoute } from "@/lib/http/api-route";
import { pathParam } from "@/lib/http/path-param";
import { deleteSecret, putSecret } from "@/lib/secrets/secret-store";
import { issueText } from "@/lib/validation/describe-issues";
import { PutSecretBody, SecretName } from "../schema";

export const dynamic = "force-dynamic";

function secretName(raw: string): string {
  const parsed = SecretName.safeParse(pathParam(raw));
  if (!parsed.success) throw new ApiError("bad-request", `name: ${parsed.error.issues[0].message}`);
  return parsed.data;
}

export const PUT = apiRoute<{ name: string }>({ role: "admin" }, async ({ json }, params) => {
  const name = secretName(params.name);
  const body = PutSecretBody.safeParse(await json());
  if (!body.success) throw new ApiError("bad-request", issueText(body.error.issues[0], "body"));
  const saved = await putSecret(name, body.data.value, body.data.allowedHosts);
  return Response.json({
    name: saved.name,
    allowedHosts: saved.allowedHosts,
    updatedAt: saved.updatedAt.toISOString(),
  });
});

export const DELETE = apiRoute<{ name: string }>({ role: "admin" }, async (_call, params) => {
  const name = secretName(params.name);
  if (!(await deleteSecret(name))) throw new ApiError("not-found", `Secret "${name}" does not exist`);
  return new Response(null, { status: 204 });
});
