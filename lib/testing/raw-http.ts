/**
 * HTTP over a raw socket, for requests that fetch or a browser would tidy up (an absolute-form
 * request line, a path with a malformed escape) and for measuring when an answer comes while a
 * large chunked body is still being sent.
 */
import { connect } from "node:net";

export type RawAnswer = { status: number; head: string; bodySent: number; elapsedMs: number };

export const MB = 1024 * 1024;

/**
 * Sends `head` (request line and headers, `\n`-separated), then up to `chunkedBytes` of chunked body until the answer's
 * head arrives (lower-cased in `head`).
 */
export function rawRequest(baseURL: string, head: string, chunkedBytes = 0): Promise<RawAnswer> {
  const { hostname, port } = new URL(baseURL);
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname);
    let received = "";
    let bodySent = 0;
    let answered = false;
    const chunk = Buffer.alloc(64 * 1024, "a");
    const sendMore = () => {
      while (!answered && bodySent < chunkedBytes) {
        bodySent += chunk.length;
        const last = bodySent >= chunkedBytes ? "0\r\n\r\n" : "";
        if (
          !socket.write(
            Buffer.concat([Buffer.from(`${chunk.length.toString(16)}\r\n`), chunk, Buffer.from(`\r\n${last}`)]),
          )
        )
          return void socket.once("drain", sendMore);
        // Now and then let an answer that has arrived be read, so `bodySent` stays close to what the server had taken.
        if (bodySent % MB === 0) return void setImmediate(sendMore);
      }
    };
    socket.on("connect", () => {
      socket.write(head.replace(/\n/g, "\r\n") + "\r\n");
      sendMore();
    });
    socket.on("data", (data) => {
      received += data.toString("latin1");
      const end = received.indexOf("\r\n\r\n");
      if (answered || end === -1) return;
      answered = true;
      resolve({
        status: Number(received.split(" ")[1]),
        head: received.slice(0, end).toLowerCase(),
        bodySent,
        elapsedMs: Date.now() - started,
      });
      socket.destroy();
    });
    // A server that answered mid-body may close while we still send: the answer, if it came, is what counts.
    socket.on("error", (error) => (answered ? undefined : reject(error)));
    socket.on("close", () =>
      answered ? undefined : reject(new Error(`closed without an answer after ${bodySent} bytes: ${received}`)),
    );
  });
}
