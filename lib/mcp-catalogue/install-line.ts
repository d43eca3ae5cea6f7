/**
 * What adding an entry will install, download, run or reach, in words shown before the person adds it; and the exact
 * command line (or URL) its settings make, with secrets by name only.
 */
import type { McpServerConfig } from "../mcp/config";
import { isSecretRef } from "../secrets/secret-ref";
import type { CatalogueEntry } from "./types";

export type InstallDescription = {
  /** One sentence: what is downloaded or run, and from where. */
  install: string;
  /** Whether it needs the network, and why. */
  network: string;
  /** True when nothing is downloaded and nothing outside this machine is reached. */
  offline: boolean;
  /** Whether the worker starts a program (and so host access must be on). */
  runsOnHost: boolean;
};

export function describeInstall(entry: CatalogueEntry): InstallDescription {
  const { launch } = entry;
  const own = entry.network ? "the server connects to outside services" : "the server itself opens no connection";
  if (launch.kind === "bundled")
    return {
      install: `Installed with Switchboard (${launch.package} ${launch.version}): nothing is downloaded.`,
      network: entry.network ? "Network on: the server connects to outside services." : "No network: works offline.",
      offline: !entry.network,
      runsOnHost: true,
    };
  if (launch.kind === "remote")
    return {
      install: `Nothing is installed: connects to ${launch.url}${launch.oauth ? " and signs in with OAuth" : ""}.`,
      network: "Network: the server runs at its maker's.",
      offline: false,
      runsOnHost: false,
    };
  const registry =
    launch.kind === "npx"
      ? `npx downloads ${launch.package}@${launch.version} from the npm registry`
      : `uvx downloads ${launch.package} ${launch.version} from PyPI (uv must be installed on the worker, under /usr)`;
  return {
    install: `${registry} each time the server starts, and runs it in the sandbox.`,
    network: `Network on: to download it (${own}).`,
    offline: false,
    runsOnHost: true,
  };
}

const shown = (value: unknown) => (isSecretRef(value) ? `<secret ${value.$secret}>` : String(value));
const quoted = (arg: string) => (/^[\w@%+=:,./-]+$/.test(arg) ? arg : `'${arg.replaceAll("'", "'\\''")}'`);

/** `node node_modules/… /srv/docs` with its environment, or the URL with its headers; secrets by name. */
export function commandLine(config: McpServerConfig): string {
  if (config.transport === "http") {
    const headers = Object.entries(config.headers).map(([name, value]) => ` (${name}: ${shown(value)})`);
    return `${config.url}${headers.join("")}`;
  }
  const env = Object.entries(config.env).map(([name, value]) => `${name}=${quoted(shown(value))} `);
  return `${env.join("")}${[config.command, ...config.args].map(quoted).join(" ")}`;
}
