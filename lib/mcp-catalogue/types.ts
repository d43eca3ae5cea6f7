/**
 * What a catalogue entry says about a well-known MCP server: what it is, how it starts (from the checkout's
 * node_modules, downloaded by npx or uvx, or reached by URL), the few settings a person fills in and where each one
 * goes (an argument, an environment variable, a header, a writable root). Data only: `configure.ts` turns an entry
 * and its settings into the same MCP server config a person would type.
 */

/**
 * Where a setting's value goes. `arg`: appended to the arguments, after `flag` when one is named. `env`: an
 * environment variable, with `suffix` added to a text value (a folder becomes a file in it). `header`: an HTTP header
 * of a remote server.
 */
export type FieldTarget = { arg: true; flag?: string } | { env: string; suffix?: string } | { header: string };

export type CatalogueField = {
  name: string;
  label: string;
  /**
   * `path`: an absolute directory on the worker, declared as a writable root when `root` is set (the sandbox shows the
   * server nothing else). `secret`: a stored secret picked by name, never a value.
   */
  kind: "text" | "path" | "secret" | "url";
  required: boolean;
  into: FieldTarget;
  root?: boolean;
  help?: string;
  placeholder?: string;
};

/**
 * How the server starts. `bundled`: installed with Switchboard, run as `node node_modules/{package}/{bin}` (works
 * offline; the sandbox shows the checkout's node_modules read-only). `npx` / `uvx`: downloaded from the npm registry or
 * PyPI, pinned, at each start (so the box has network). `remote`: a URL, nothing runs here.
 */
export type CatalogueLaunch =
  | { kind: "bundled"; package: string; version: string; bin: string; args: string[] }
  | { kind: "npx"; package: string; version: string; args: string[] }
  | { kind: "uvx"; package: string; version: string; args: string[] }
  | { kind: "remote"; url: string; oauth?: boolean };

export type CatalogueEntry = {
  /** Also the name of a workflow-level server added from it. Letters, digits and `-`. */
  id: string;
  title: string;
  description: string;
  /** A name `components/ui/icon.tsx` draws. */
  icon: string;
  homepage: string;
  /** Words a search also matches ("database", "sql"). */
  keywords: string[];
  launch: CatalogueLaunch;
  /** Whether the server itself opens connections (a download by npx or uvx needs them anyway). */
  network: boolean;
  fields: CatalogueField[];
};

/** What a person typed or picked in an entry's settings form: text, or `{ $secret: NAME }` for a secret field. */
export type CatalogueValues = Record<string, unknown>;
