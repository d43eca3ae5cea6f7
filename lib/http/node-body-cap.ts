/**
 * Holds a Node request's body to a limit as its bytes arrive. Next.js reads a request's whole body
 * before its proxy and route run (next-server keeps a copy for the proxy and waits for the body's
 * end; past 10 MB it silently cuts the copy short), so a route's own streamed limit came too late:
 * a 50 MB chunked body was read whole before the 413. npm start's web server caps what the HTTP
 * parser hands over instead: past the limit nothing more reaches Next, and `onExceeded` answers.
 */
import type { IncomingMessage } from "node:http";

type Push = IncomingMessage["push"];

/**
 * Counts each chunk the parser pushes into `req`; the first byte past `limit` calls `onExceeded` once, and from then on
 * chunks (and the end) are dropped.
 */
export function capRequestBody(req: IncomingMessage, limit: number, onExceeded: () => void): void {
  const push: Push = req.push.bind(req);
  let received = 0;
  let exceeded = false;
  req.push = ((chunk: Buffer | null, encoding?: BufferEncoding) => {
    if (exceeded) return true; // drained and dropped until the connection is closed
    if (chunk !== null) received += chunk.length;
    if (received <= limit) return push(chunk, encoding);
    exceeded = true;
    onExceeded();
    return true;
  }) as Push;
}
