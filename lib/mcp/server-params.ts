/**
 * Turns a server config into what a transport needs: secret references resolved, the stdio
 * command checked against the allow-list and given a clean env, the HTTP or WebSocket URL checked
 * against the address policy, an OAuth server's settings with its connection key. The secret
 * values come back too, so errors can be redacted.
 */
import { resolveSecrets } from "../secrets/resolve";
import type { HttpServerConfig, McpServerConfig } from "./config";
import type { DetachedStdioParams } from "./detached-stdio-transport";
import { childEnvironment } from "../platform/child-env";
import { checkSecretDestination, SecretDestinationError, type OutboundSecret } from "../secrets/secret-destination";
import { checkCommand, checkUrl, McpSafetyError } from "./safety";
import { oauthConnectionKey } from "./oauth/connection-key";
import type { OAuthServer } from "./oauth/client-provider";

export type ServerParams =
  | { transport: "stdio"; stdio: DetachedStdioParams; secretValues: string[] }
  | {
      transport: "http";
      url: string;
      headers: Record<string, string>;
      protocol: HttpServerConfig["protocol"];
      oauth?: OAuthServer;
      secretValues: string[];
      /** The headers' secrets: every request to the server is checked against their allowed hosts (connect.ts). */
      secrets: OutboundSecret[];
    };

/**
 * The headers' secrets go to the server's host only if they may: checked as they are placed on its requests (and a
 * WebSocket's handshake).
 */
export function checkHeaderSecrets(
  url: URL,
  headers: Record<string, string>,
  secrets: readonly OutboundSecret[],
): void {
  try {
    checkSecretDestination(url, () => [url.href, ...Object.values(headers)], secrets);
  } catch (error) {
    throw error instanceof SecretDestinationError ? new McpSafetyError(error.message) : error;
  }
}

export async function serverParams(config: McpServerConfig): Promise<ServerParams> {
  if (config.transport === "stdio") {
    checkCommand(config.command);
    const { value: env, secretValues } = await resolveSecrets(config.env);
    return {
      transport: "stdio",
      stdio: {
        command: config.command,
        args: config.args,
        env: childEnvironment(env as Record<string, string>),
        cwd: config.cwd || undefined,
        roots: config.roots ?? [],
        network: config.network ?? false,
      },
      secretValues,
    };
  }
  await checkUrl(config.url);
  const { value: headers, secretValues, secrets } = await resolveSecrets(config.headers);
  checkHeaderSecrets(new URL(config.url), headers as Record<string, string>, secrets);
  if (!config.oauth)
    return {
      transport: "http",
      url: config.url,
      headers: headers as Record<string, string>,
      protocol: config.protocol,
      secretValues,
      secrets,
    };
  // The OAuth client's id and secret go to the authorization server, wherever it is: its requests check them
  // (connect.ts).
  const client = await resolveSecrets({ clientId: config.oauth.clientId, clientSecret: config.oauth.clientSecret });
  const { clientId, clientSecret } = client.value as { clientId?: string; clientSecret?: string };
  const oauth: OAuthServer = {
    url: config.url,
    key: oauthConnectionKey(config.url, config.oauth),
    clientId,
    clientSecret,
    scope: config.oauth.scope || undefined,
    secrets: client.secrets,
  };
  return {
    transport: "http",
    url: config.url,
    headers: headers as Record<string, string>,
    protocol: config.protocol,
    oauth,
    secretValues: [...secretValues, ...client.secretValues],
    secrets,
  };
}
