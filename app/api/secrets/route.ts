/**
 * GET the secrets' names, allowed hosts and when each was last set (editor: nodes refer to secrets by name). Never
 * values.
 */
import { apiRoute } from "@/lib/http/api-route";
import { listSecrets } from "@/lib/secrets/secret-store";

export const dynamic = "force-dynamic";

export const GET = apiRoute({ role: "editor" }, async () => {
  const secrets = await listSecrets();
  return Response.json({
    secrets: secrets.map(({ name, allowedHosts, updatedAt }) => ({
      name,
      allowedHosts,
      updatedAt: updatedAt.toISOString(),
    })),
  });
});
