/** PUT `{ value }` adds or replaces a secret; DELETE removes it. Answers carry the name and time, never the value. */
import { ApiError, readJsonBody, withApiErrors } from "@/lib/http/api-error";
import { pathParam } from "@/lib/http/path-param";
import { deleteSecret, putSecret } from "@/lib/secrets/secret-store";
import { PutSecretBody, SecretName } from "../schema";

export const dynamic = "force-dynamic";

type Context = { params: Promise<{ name: string }> };

async function secretName(context: Context): Promise<string> {
  const raw = pathParam((await context.params).name);
  const parsed = SecretName.safeParse(raw);
  if (!parsed.success) throw new ApiError("bad-request", `name: ${parsed.error.issues[0].message}`);
  return parsed.data;
}

export const PUT = withApiErrors(async (request: Request, context: Context) => {
  const name = await secretName(context);
  const body = PutSecretBody.safeParse(await readJsonBody(request));
  if (!body.success) throw new ApiError("bad-request", `value: ${body.error.issues[0].message}`);
  const saved = await putSecret(name, body.data.value);
  return Response.json({ name: saved.name, updatedAt: saved.updatedAt.toISOString() });
});

export const DELETE = withApiErrors(async (_request: Request, context: Context) => {
  const name = await secretName(context);
  if (!(await deleteSecret(name))) throw new ApiError("not-found", `Secret "${name}" does not exist`);
  return new Response(null, { status: 204 });
});
