/**
 * Which wire protocol a remote MCP server is spoken with. The URL's scheme decides: ws:// and wss://
 * are WebSocket, http:// and https:// are Streamable HTTP or the legacy HTTP+SSE transport. A node may
 * name its protocol, and then it must agree with the scheme. Pure: the config schema and the
 * compiler use it as well as the worker.
 */

/** "auto": WebSocket for a ws(s) URL, otherwise Streamable HTTP first, then SSE (as the SDK documents). */
export const REMOTE_PROTOCOLS = ["auto", "streamable-http", "sse", "websocket"] as const;
export type RemoteProtocol = (typeof REMOTE_PROTOCOLS)[number];
export type WireProtocol = Exclude<RemoteProtocol, "auto">;
export const isRemoteProtocol = (value: unknown): value is RemoteProtocol =>
  REMOTE_PROTOCOLS.includes(value as RemoteProtocol);

/** The schemes a remote MCP server's URL may have (the address policy is told so: other requests stay http(s)). */
export const REMOTE_URL_SCHEMES: readonly string[] = ["http:", "https:", "ws:", "wss:"];

export const WIRE_PROTOCOL_NAMES: Record<WireProtocol, string> = {
  "streamable-http": "Streamable HTTP",
  sse: "HTTP+SSE",
  websocket: "WebSocket",
};

export const isWebSocketUrl = (url: URL) => url.protocol === "ws:" || url.protocol === "wss:";

/**
 * Why `protocol` cannot speak to `url`, as a clause that follows the protocol's name, or null when
 * it can. Schemes that are neither HTTP nor WebSocket are the URL check's to refuse.
 */
export function protocolMismatch(url: URL, protocol: RemoteProtocol): string | null {
  if (isWebSocketUrl(url))
    return protocol === "auto" || protocol === "websocket"
      ? null
      : `cannot speak to a ${url.protocol}// URL (a WebSocket server takes "websocket" or "auto")`;
  return protocol === "websocket" ? `needs a ws:// or wss:// URL, not ${url.protocol}//` : null;
}

/** The protocols to try, in order. */
export function protocolsToTry(url: URL, protocol: RemoteProtocol): WireProtocol[] {
  if (isWebSocketUrl(url)) return ["websocket"];
  return protocol === "auto" ? ["streamable-http", "sse"] : [protocol];
}
