/** Well-known MCP servers run by their makers and reached by URL: nothing is installed or started on the worker. */
import type { CatalogueEntry } from "./types";

export const remoteEntries: CatalogueEntry[] = [
  {
    id: "github",
    title: "GitHub",
    description: "GitHub's own server: repositories, issues, pull requests, code search and Actions.",
    icon: "git-branch",
    homepage: "https://github.com/github/github-mcp-server",
    keywords: ["repository", "issues", "pull requests", "code"],
    launch: { kind: "remote", url: "https://api.githubcopilot.com/mcp/" },
    network: true,
    fields: [
      {
        name: "token",
        label: "Access token",
        kind: "secret",
        required: true,
        into: { header: "Authorization" },
        help: "A secret whose value is “Bearer ” followed by a GitHub personal access token.",
      },
    ],
  },
  {
    id: "context7",
    title: "Context7",
    description: "Up-to-date documentation and code examples for libraries, looked up by name.",
    icon: "book-open",
    homepage: "https://github.com/upstash/context7",
    keywords: ["docs", "documentation", "libraries", "api reference"],
    launch: { kind: "remote", url: "https://mcp.context7.com/mcp" },
    network: true,
    fields: [
      {
        name: "apiKey",
        label: "API key",
        kind: "secret",
        required: false,
        into: { header: "CONTEXT7_API_KEY" },
        help: "Optional: higher rate limits with a Context7 API key.",
      },
    ],
  },
  {
    id: "sentry",
    title: "Sentry",
    description: "Sentry's own server: issues, errors, traces and releases of your projects. Signs in with OAuth.",
    icon: "bug",
    homepage: "https://docs.sentry.io/product/sentry-mcp/",
    keywords: ["errors", "monitoring", "issues", "traces"],
    launch: { kind: "remote", url: "https://mcp.sentry.dev/mcp", oauth: true },
    network: true,
    fields: [],
  },
  {
    id: "linear",
    title: "Linear",
    description: "Linear's own server: find, create and update issues, projects and comments. Signs in with OAuth.",
    icon: "list-checks",
    homepage: "https://linear.app/docs/mcp",
    keywords: ["issues", "tickets", "project management"],
    launch: { kind: "remote", url: "https://mcp.linear.app/mcp", oauth: true },
    network: true,
    fields: [],
  },
];
