/** A TCP port nobody listens on right now, for a server a test starts itself (redis-server, PgBouncer). */
import { createServer } from "node:net";

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** A free port whose `port + offset` is free too (a Redis Cluster node's bus port is its port + 10000). */
export async function freePortPair(offset: number): Promise<number> {
  for (;;) {
    const port = await freePort();
    if (port + offset > 65535) continue;
    const partner = await new Promise<boolean>((resolve) => {
      const server = createServer();
      server.once("error", () => resolve(false));
      server.listen(port + offset, "127.0.0.1", () => server.close(() => resolve(true)));
    });
    if (partner) return port;
  }
}
