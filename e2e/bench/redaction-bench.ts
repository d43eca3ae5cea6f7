/**
 * What redaction costs the run path, per event and per run start: a run's events redacted by the
 * recorder with no secrets (the simple run) and with three, and learning a 10-node plan's secrets
 * when it names none. `npx tsx e2e/bench/redaction-bench.ts`; prints µs per event / per run.
 */
import { Redactor } from "../../lib/secrets/redact";
import { SecretScope } from "../../lib/secrets/secret-scope";

const SECRETS = ["sk-live-4f1c9a0e7b2d6c3a", "ghp_0123456789abcdefABCDEF", "hunter2-but-much-longer"];
const text = (n: number) =>
  "lorem ipsum dolor sit amet, consectetur adipiscing elit. ".repeat(Math.ceil(n / 57)).slice(0, n);

/** A run's events as the recorder sees them: small ones, a node's output, an agent step, a tool result. */
const events = [
  { type: "run.started", payload: {} },
  {
    type: "node.started",
    payload: {
      nodeId: "fetch",
      mode: "normal",
      params: { url: "https://example.com/api", method: "GET", headers: { accept: "application/json" } },
    },
  },
  {
    type: "node.completed",
    payload: {
      nodeId: "fetch",
      output: { status: 200, body: { items: Array.from({ length: 20 }, (_, i) => ({ id: i, name: text(60) })) } },
      durationMs: 12,
    },
  },
  {
    type: "agent.step",
    payload: {
      nodeId: "agent",
      iteration: 1,
      text: text(400),
      toolCalls: [],
      finishReason: "stop",
      messages: [{ role: "assistant", content: text(400) }],
    },
  },
  {
    type: "tool.call.completed",
    payload: {
      nodeId: "agent",
      callId: "agent:c1",
      toolName: "http_request",
      args: { url: "/x" },
      result: text(4000),
      isError: false,
      durationMs: 30,
    },
  },
];

function perEventMicros(redactor: Redactor, rounds: number): number {
  const redactBatch = (batch: typeof events) =>
    redactor.empty ? batch : batch.map((event) => ({ ...event, payload: redactor.value(event.payload) }));
  for (let i = 0; i < 200; i++) redactBatch(events); // warm up
  const started = process.hrtime.bigint();
  for (let i = 0; i < rounds; i++) redactBatch(events);
  return Number(process.hrtime.bigint() - started) / 1000 / (rounds * events.length);
}

async function learnMicros(rounds: number): Promise<number> {
  const sources = Array.from({ length: 10 }, (_, i) => ({
    label: `node ${i}`,
    url: "https://example.com",
    headers: { accept: "json" },
    script: { toolCalls: [], finalText: text(200) },
  }));
  for (let i = 0; i < 100; i++) await new SecretScope().learn(sources);
  const started = process.hrtime.bigint();
  for (let i = 0; i < rounds; i++) await new SecretScope().learn(sources);
  return Number(process.hrtime.bigint() - started) / 1000 / rounds;
}

async function main() {
  const none = perEventMicros(new Redactor([]), 20_000);
  const three = perEventMicros(new Redactor(SECRETS), 2_000);
  const learn = await learnMicros(2_000);
  console.log(`redaction per event, no secrets:    ${none.toFixed(3)} µs`);
  console.log(
    `redaction per event, three secrets: ${three.toFixed(1)} µs (events of 0–4 KB, mean ` +
      `${(JSON.stringify(events).length / events.length / 1024).toFixed(1)} KB)`,
  );
  console.log(`learning a 10-node plan's secrets when it names none: ${learn.toFixed(1)} µs per run`);
  process.exit(0);
}

void main();
