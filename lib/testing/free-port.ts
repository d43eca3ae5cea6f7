/**
 * A port nobody listens on: the system picks it (a listen on port 0 of 127.0.0.1), and it is let go
 * for the caller to start its server there (redis-server, PgBouncer, a web process). Someone may take it in
 * between: a caller that must know the server answering is its own checks that (own-redis.ts asks the server for
 * its pid).
 */
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
