/**
 * The SDK's OAuthClientProvider over the secret store, in its two roles. `ConnectOAuthProvider` is
 * the editor's Connect, in the web app: a fresh authorization (the SDK registers the client when
 * there is no client id, makes the PKCE verifier, which waits here with the state) and, in the
 * callback, the code exchange. `RunOAuthProvider` is every other connection (runs, Discover): it
 * hands the stored access token to the transport and keeps what the SDK's refresh returns. It
 * never redirects: when the server wants a new sign-in it throws McpOAuthRequiredError saying why.
 */
import type { OAuthClientProvider } from "@modelcontextprotocol/sdk/client/auth.js";
import type {
  OAuthClientInformationMixed,
  OAuthClientMetadata,
  OAuthTokens,
} from "@modelcontextprotocol/sdk/shared/auth.js";
import type { OutboundSecret } from "../../secrets/secret-destination";
import { appBaseUrl } from "../../platform/app-url";
import { oauthCallbackUrl } from "./connection-key";
import {
  deleteOAuthRecords,
  readOAuthRecord,
  writeOAuthRecord,
  type PendingConnect,
  type StoredTokens,
} from "./credential-store";

/**
 * An HTTP server's OAuth settings with its secrets resolved (server side only), its connection key,
 * and the secrets that went into them with the hosts each may go to (the authorization server's requests check them).
 */
export type OAuthServer = {
  url: string;
  key: string;
  clientId?: string;
  clientSecret?: string;
  scope?: string;
  secrets: OutboundSecret[];
};

/** The server needs someone to sign in again; a run reports the server unavailable with this message. */
export class McpOAuthRequiredError extends Error {}

const CONNECT_HINT = "an editor can press Connect on its node in the editor";

abstract class StoredOAuthProvider implements OAuthClientProvider {
  constructor(protected readonly server: OAuthServer) {}

  abstract get redirectUrl(): string;
  abstract tokens(): OAuthTokens | undefined | Promise<OAuthTokens | undefined>;
  abstract saveTokens(tokens: OAuthTokens): Promise<void>;
  abstract redirectToAuthorization(authorizationUrl: URL): void | Promise<void>;
  abstract saveCodeVerifier(codeVerifier: string): void | Promise<void>;
  abstract codeVerifier(): string | Promise<string>;

  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: "Switchboard",
      redirect_uris: [this.redirectUrl],
      grant_types: ["authorization_code", "refresh_token"],
      response_types: ["code"],
      ...(this.server.scope ? { scope: this.server.scope } : {}),
    };
  }

  async clientInformation(): Promise<OAuthClientInformationMixed | undefined> {
    if (this.server.clientId)
      return {
        client_id: this.server.clientId,
        ...(this.server.clientSecret ? { client_secret: this.server.clientSecret } : {}),
      };
    return (await readOAuthRecord(this.server.key, "client"))?.information;
  }

  /** Only a registration is kept: a pre-registered client is the node's settings. */
  async saveClientInformation(information: OAuthClientInformationMixed): Promise<void> {
    if (!this.server.clientId) await writeOAuthRecord(this.server.key, "client", { information });
  }

  protected async storeTokens(tokens: OAuthTokens, connectedBy: string): Promise<void> {
    await writeOAuthRecord(this.server.key, "tokens", { tokens, savedAt: new Date().toISOString(), connectedBy });
  }
}

/**
 * The editor's Connect: `pending` is the state, who connects and where the browser comes back, saved with the verifier.
 */
export class ConnectOAuthProvider extends StoredOAuthProvider {
  /** Where to send the browser, once `auth()` has answered REDIRECT. */
  authorizationUrl?: URL;

  constructor(
    server: OAuthServer,
    private readonly pending: PendingConnect,
  ) {
    super(server);
  }

  get redirectUrl(): string {
    return this.pending.redirectUrl;
  }

  state(): string {
    return this.pending.state;
  }

  /**
   * A registration made for another callback address (the app reached under another name) cannot come back here:
   * register again.
   */
  async clientInformation(): Promise<OAuthClientInformationMixed | undefined> {
    const information = await super.clientInformation();
    if (this.server.clientId || !information || !("redirect_uris" in information)) return information;
    return information.redirect_uris.includes(this.redirectUrl) ? information : undefined;
  }

  /** Connect always asks for a fresh sign-in, whatever is stored. */
  tokens(): undefined {
    return undefined;
  }

  async saveTokens(tokens: OAuthTokens): Promise<void> {
    await this.storeTokens(tokens, this.pending.connectedBy);
  }

  redirectToAuthorization(authorizationUrl: URL): void {
    this.authorizationUrl = authorizationUrl;
  }

  async saveCodeVerifier(codeVerifier: string): Promise<void> {
    await writeOAuthRecord(this.server.key, "pending", { ...this.pending, codeVerifier });
  }

  codeVerifier(): string {
    if (!this.pending.codeVerifier) throw new Error("This sign-in has no PKCE verifier: press Connect again");
    return this.pending.codeVerifier;
  }

  async invalidateCredentials(scope: "all" | "client" | "tokens" | "verifier" | "discovery"): Promise<void> {
    if ((scope === "all" || scope === "client") && !this.server.clientId)
      await deleteOAuthRecords(this.server.key, "client");
  }
}

/** A connection at run time: stored tokens only, refreshed by the SDK, never a redirect. */
export class RunOAuthProvider extends StoredOAuthProvider {
  /** The tokens last handed to the SDK. */
  private used?: StoredTokens;
  /** Why the authorization server turned the stored credentials down, once it has. */
  private refused?: string;

  /**
   * Throws McpOAuthRequiredError when the server was never connected (no run should register a client or start a
   * sign-in).
   */
  static async load(server: OAuthServer): Promise<RunOAuthProvider> {
    if (!(await readOAuthRecord(server.key, "tokens"))) {
      throw new McpOAuthRequiredError(
        `MCP server ${new URL(server.url).origin} signs in with OAuth and is not connected: ${CONNECT_HINT}`,
      );
    }
    return new RunOAuthProvider(server);
  }

  /**
   * Never visited from here; the SDK needs one to know this client uses the authorization-code flow (not client
   * credentials).
   */
  get redirectUrl(): string {
    return oauthCallbackUrl(appBaseUrl());
  }

  async clientInformation(): Promise<OAuthClientInformationMixed | undefined> {
    const information = await super.clientInformation();
    if (!information) throw this.required(this.refused ?? "its client registration is no longer stored");
    return information;
  }

  async tokens(): Promise<OAuthTokens | undefined> {
    this.used = await readOAuthRecord(this.server.key, "tokens");
    return this.used?.tokens;
  }

  /** A refresh keeps who connected. */
  async saveTokens(tokens: OAuthTokens): Promise<void> {
    await this.storeTokens(tokens, this.used?.connectedBy ?? "");
  }

  /**
   * The SDK calls this when the server refused the refresh token ("tokens") or the client ("all").
   * Tokens another worker has refreshed meanwhile are left alone: the SDK then tries again with them.
   */
  async invalidateCredentials(scope: "all" | "client" | "tokens" | "verifier" | "discovery"): Promise<void> {
    if (scope === "tokens" || scope === "all") {
      this.refused =
        scope === "all"
          ? "the authorization server no longer accepts this client"
          : "the authorization server refused the stored refresh token (revoked or expired)";
      const stored = await readOAuthRecord(this.server.key, "tokens");
      if (stored && stored.tokens.access_token === this.used?.tokens.access_token)
        await deleteOAuthRecords(this.server.key, "tokens");
    }
    if ((scope === "all" || scope === "client") && !this.server.clientId)
      await deleteOAuthRecords(this.server.key, "client");
  }

  /** A run never starts a sign-in, so it keeps no verifier. */
  saveCodeVerifier(): void {}

  codeVerifier(): never {
    throw this.required("a run cannot finish a sign-in");
  }

  /** Where the SDK would send a person's browser: a run has none, so the server is reported unavailable instead. */
  redirectToAuthorization(): never {
    const why =
      this.refused ??
      (this.used?.tokens.refresh_token
        ? "the access token was refused and could not be refreshed"
        : "the access token was refused or has expired, and there is no refresh token");
    throw this.required(why);
  }

  private required(why: string): McpOAuthRequiredError {
    return new McpOAuthRequiredError(
      `MCP server ${new URL(this.server.url).origin} needs to be connected again: ${why}; ${CONNECT_HINT}`,
    );
  }
}
