/**
 * The HTTP API as a test or benchmark calls it: a base URL and the credentials every request carries (an API key made
 * through better-auth).
 */
export type ApiClient = {
  url: string;
  headers: Record<string, string>;
  /** fetch(`${url}${path}`) with the credentials, and `content-type: application/json` when there is a body. */
  fetch: (path: string, init?: RequestInit) => Promise<Response>;
};

export function apiClient(url: string, headers: Record<string, string>): ApiClient {
  return {
    url,
    headers,
    fetch: (path, init = {}) =>
      fetch(`${url}${path}`, {
        ...init,
        headers: {
          ...(init.body !== undefined ? { "content-type": "application/json" } : {}),
          ...headers,
          ...(init.headers as Record<string, string> | undefined),
        },
      }),
  };
}
