/**
 * A DNS lookup for outbound connections that refuses any answer the address policy forbids. Handed
 * to the socket itself (undici's Agent for fetch, `ws` for WebSocket MCP servers), it closes the gap
 * between checking a name and connecting to it: a name cannot be re-pointed in between.
 */
import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import { addressRefusal, AddressRefusedError, type AddressPolicy } from "./address-policy";

export type LookupFunction = (
  hostname: string,
  options: { all?: boolean },
  callback: (error: Error | null, address?: string | LookupAddress[], family?: number) => void,
) => void;

export function guardedLookup(policy: AddressPolicy): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { all: true }, (error, addresses) => {
      if (error) return callback(error);
      const refused = addresses.map((entry) => addressRefusal(entry.address, policy)).find(Boolean);
      if (refused) return callback(new AddressRefusedError(`${hostname} refused: ${refused}`));
      if (options.all) callback(null, addresses);
      else callback(null, addresses[0].address, addresses[0].family);
    });
  };
}
