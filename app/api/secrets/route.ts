/** GET the secrets' names and when each was last set: `{ secrets: [{ name, updatedAt }] }`. Never values. */
import { withApiErrors } from "@/lib/http/api-error";
import { listSecrets } from "@/lib/secrets/secret-store";

export const dynamic = "force-dynamic";

export const GET = withApiErrors(async () => {
  const secrets = await listSecrets();
  return Response.json({ secrets: secrets.map(({ name, updatedAt }) => ({ name, updatedAt: updatedAt.toISOString() })) });
});
