/**
 * Where the app may send requests on a workflow's behalf (HTTP Request nodes, model base URLs,
 * HTTP and WebSocket MCP servers): public addresses only, unless the operator allows private networks. Refused:
 * private ranges, CGNAT, link-local and cloud metadata, multicast and reserved, unspecified, and
 * loopback in production — also when disguised as IPv4-mapped IPv6, NAT64 (64:ff9b::/96) or 6to4
 * (2002::/16). Names are judged by what DNS answers, every answer (guarded-fetch.ts pins the
 * connection to a checked address). WHATWG URL parsing already turns 2130706433 or 0x7f.1 into 127.0.0.1.
 */
import { lookup } from "node:dns/promises";
import { BlockList, isIP } from "node:net";

export class AddressRefusedError extends Error {}

export type AddressPolicy = { allowPrivate: boolean; allowLoopback: boolean };

/**
 * SWITCHBOARD_ALLOW_PRIVATE_NETWORK=1 (or the older SWITCHBOARD_MCP_ALLOW_PRIVATE=1) allows private
 * networks; loopback is allowed outside production. Production is what the operator set: the web
 * process runs Next.js with NODE_ENV=production whatever it was, and keeps the operator's value in
 * SWITCHBOARD_OPERATOR_NODE_ENV (workers/web.ts), so Discover and a run judge an address alike.
 */
export function addressPolicy(env: Record<string, string | undefined> = process.env): AddressPolicy {
  const allowPrivate = env.SWITCHBOARD_ALLOW_PRIVATE_NETWORK === "1" || env.SWITCHBOARD_MCP_ALLOW_PRIVATE === "1";
  const mode = env.SWITCHBOARD_OPERATOR_NODE_ENV ?? env.NODE_ENV;
  return { allowPrivate, allowLoopback: allowPrivate || mode !== "production" };
}

const loopback = new BlockList();
loopback.addSubnet("127.0.0.0", 8, "ipv4");
loopback.addAddress("::1", "ipv6");

const restricted = new BlockList();
for (const [net, bits] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["169.254.0.0", 16], // link-local, including the cloud metadata address 169.254.169.254
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const)
  restricted.addSubnet(net, bits, "ipv4");
for (const [net, bits] of [
  ["fc00::", 7], // unique local, including AWS's fd00:ec2::254
  ["fe80::", 10],
  ["ff00::", 8],
  ["::", 128],
  ["100::", 64], // discard
] as const)
  restricted.addSubnet(net, bits, "ipv6");

/** The 8 hextets of an IPv6 address. */
function hextets(address: string): number[] {
  let text = address.toLowerCase().split("%")[0];
  const dotted = text.match(/(\d+\.\d+\.\d+\.\d+)$/);
  if (dotted) {
    const [a, b, c, d] = dotted[1].split(".").map(Number);
    text = text.slice(0, -dotted[1].length) + `${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.includes("::") ? text.split("::") : [text, undefined];
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const middle = tail === undefined ? [] : Array(8 - left.length - right.length).fill("0");
  return [...left, ...middle, ...right].map((part) => parseInt(part || "0", 16));
}

const v4 = (high: number, low: number) => `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;

/** The IPv4 address an IPv6 one carries inside (mapped, NAT64, 6to4), if any. */
export function embeddedIPv4(address: string): string | undefined {
  const h = hextets(address);
  if (h.slice(0, 5).every((x) => x === 0) && h[5] === 0xffff) return v4(h[6], h[7]); // ::ffff:a.b.c.d
  if (h[0] === 0x64 && h[1] === 0xff9b && h.slice(2, 6).every((x) => x === 0)) return v4(h[6], h[7]); // 64:ff9b::/96
  if (h[0] === 0x2002) return v4(h[1], h[2]); // 6to4
  return undefined;
}

export type AddressKind = "loopback" | "restricted" | "public";

export function classifyAddress(address: string): AddressKind {
  const family = isIP(address) === 6 ? "ipv6" : "ipv4";
  if (family === "ipv6") {
    const inner = embeddedIPv4(address);
    if (inner) return classifyAddress(inner);
  }
  if (loopback.check(address, family)) return "loopback";
  if (restricted.check(address, family)) return "restricted";
  return "public";
}

/** Why `address` may not be reached under `policy`, or null when it may. */
export function addressRefusal(address: string, policy: AddressPolicy): string | null {
  if (policy.allowPrivate) return null;
  const kind = classifyAddress(address);
  if (kind === "public" || (kind === "loopback" && policy.allowLoopback)) return null;
  return (
    `${address} is ${kind === "loopback" ? "a loopback" : "a private, link-local or metadata"} address; set ` +
    `SWITCHBOARD_ALLOW_PRIVATE_NETWORK=1 to allow it`
  );
}

/** Requests are http(s) unless a caller says otherwise (MCP servers may also be WebSocket URLs). */
export const HTTP_SCHEMES: readonly string[] = ["http:", "https:"];

/** "http and https", "http, https, ws and wss". */
function schemeList(schemes: readonly string[]): string {
  const names = schemes.map((scheme) => scheme.replace(/:$/, ""));
  return names.length > 1 ? `${names.slice(0, -1).join(", ")} and ${names.at(-1)}` : names.join("");
}

/** Checks the scheme and every address the URL's host resolves to. */
export async function checkUrl(
  url: string,
  policy: AddressPolicy = addressPolicy(),
  schemes: readonly string[] = HTTP_SCHEMES,
): Promise<URL> {
  const parsed = new URL(url);
  if (!schemes.includes(parsed.protocol))
    throw new AddressRefusedError(`url: only ${schemeList(schemes)} are supported, got ${parsed.protocol}`);
  if (policy.allowPrivate) return parsed;
  const host = parsed.hostname.replace(/^\[|\]$/g, "");
  const addresses = isIP(host) ? [host] : (await lookup(host, { all: true })).map((entry) => entry.address);
  for (const address of addresses) {
    const refusal = addressRefusal(address, policy);
    if (refusal) throw new AddressRefusedError(`url ${parsed.host} refused: ${refusal}`);
  }
  return parsed;
}
