/**
 * A port nobody listens on: the system picks it (a listen on port 0 of 127.0.0.1), and it is let go
 * for the caller to start its server there. Someone may take it in between: a caller that must know
 * the server answering is its own checks that (own-redis.ts asks the server for its pid).
 */
import { createServer } from "node:net";

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on("error", reject);
  });
}
