/**
 * A client secret restricted to some hosts (allowed hosts on the Secrets page) goes to no other.
 * OAuth carries it in a form body or a Basic header; the one destination check
 * (lib/secrets/secret-destination.ts) reads both, so the SDK's OAuth requests are checked here
 * before they leave, as a refusal the connection does not retry.
 */
import type { FetchLike } from "@modelcontextprotocol/sdk/shared/transport.js";
import { guardedFetchFor } from "../../net/guarded-fetch";
import { checkRequestSecrets, SecretDestinationError, type OutboundSecret } from "../../secrets/secret-destination";
import { McpSafetyError } from "../safety";

export function checkClientSecretDestination(url: URL, init: RequestInit | undefined, secrets: OutboundSecret[]): void {
  try {
    checkRequestSecrets(url, init, secrets);
  } catch (error) {
    throw error instanceof SecretDestinationError ? new McpSafetyError(error.message) : error;
  }
}

/**
 * The fetch for an authorization server: the address policy on every hop, and the client secret only where it may go.
 */
export function authorizationServerFetch(secrets: OutboundSecret[]): FetchLike {
  const guarded = guardedFetchFor({ secrets });
  return async (input, init) => {
    const url = new URL(input);
    checkClientSecretDestination(url, init, secrets);
    return guarded(url, init);
  };
}
