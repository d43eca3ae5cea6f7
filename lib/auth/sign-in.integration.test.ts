/**
 * Password guessing against real better-auth accounts, with the throttle's counts in the real
 * Redis: 200 wrong passwords from one address are nearly all refused (429, with a wait), quickly;
 * the right password still works for another account from another address, and for the attacked
 * account once its block (3 s here) has passed. Invites are throttled the same way.
 */
import { randomUUID } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTestAccount } from "../testing/test-accounts";
import { acceptInviteThrottled, signInWithPassword } from "./sign-in";

const BLOCK_SECONDS = 3;
const saved = { ...process.env };
const from = (address: string) => new Headers({ "x-forwarded-for": address });
// A fresh address per test: counts from one test must not leak into the next.
const newAddress = () => `10.${[0, 0, 0].map(() => Math.floor(Math.random() * 250) + 1).join(".")}`;

beforeEach(() => {
  process.env.SWITCHBOARD_SIGNIN_MAX_FAILURES = "5";
  process.env.SWITCHBOARD_SIGNIN_MAX_FAILURES_PER_ADDRESS = "20";
  process.env.SWITCHBOARD_SIGNIN_WINDOW_SECONDS = "600";
  process.env.SWITCHBOARD_SIGNIN_BLOCK_SECONDS = String(BLOCK_SECONDS);
});
afterEach(() => {
  process.env = { ...saved };
});

describe("sign-in throttling", () => {
  it("refuses nearly all of 200 wrong passwords with 429 and a wait, quickly; the right password works elsewhere and later", async () => {
    const victim = await createTestAccount("editor");
    const bystander = await createTestAccount("viewer");
    const attacker = newAddress();
    const answers = [];
    const refusalTimes: number[] = [];
    for (let guess = 0; guess < 200; guess += 1) {
      const started = performance.now();
      const answer = await signInWithPassword({ email: victim.email, password: `guess-${guess}` }, from(attacker));
      if (!answer.ok && answer.status === 429) refusalTimes.push(performance.now() - started);
      answers.push(answer);
    }
    const refused = answers.filter((answer) => !answer.ok && answer.status === 429);
    expect(answers.filter((answer) => !answer.ok && answer.status === 401)).toHaveLength(5);
    expect(refused).toHaveLength(195);
    expect(refused[0]).toMatchObject({
      retryAfterSeconds: expect.any(Number),
      error: expect.stringMatching(/Too many failed sign-ins from this address: try again in \d+ seconds?/),
    });
    // A refusal costs no password hashing (~0.1–0.7 s each on a busy 2-core machine): the 195 together take a few
    // seconds at most.
    expect(refusalTimes.reduce((sum, time) => sum + time, 0)).toBeLessThan(5_000);
    // Blocked: even the right password is refused from there, for now.
    expect(await signInWithPassword({ email: victim.email, password: victim.password }, from(attacker))).toMatchObject({
      ok: false,
      status: 429,
    });
    // Someone else, elsewhere, is not affected.
    expect(
      await signInWithPassword({ email: bystander.email, password: bystander.password }, from(newAddress())),
    ).toEqual({ ok: true });
    await new Promise((resolve) => setTimeout(resolve, BLOCK_SECONDS * 1000 + 200));
    expect(await signInWithPassword({ email: victim.email, password: victim.password }, from(attacker))).toEqual({
      ok: true,
    });
  }, 120_000);

  it("counts an address's failures across accounts, and concurrent guesses cannot get past the limit", async () => {
    process.env.SWITCHBOARD_SIGNIN_MAX_FAILURES_PER_ADDRESS = "8";
    const address = newAddress();
    const answers = await Promise.all(
      Array.from({ length: 24 }, (_, index) =>
        signInWithPassword(
          { email: `nobody-${index}-${randomUUID()}@switchboard.test`, password: "wrong password" },
          from(address),
        ),
      ),
    );
    expect(answers.filter((answer) => !answer.ok && answer.status === 401)).toHaveLength(8);
    expect(answers.filter((answer) => !answer.ok && answer.status === 429)).toHaveLength(16);
  }, 120_000);

  it("a success clears the account's count, so a person who mistypes now and then is never locked out", async () => {
    const person = await createTestAccount("viewer");
    const address = newAddress();
    for (let round = 0; round < 2; round += 1) {
      for (let typo = 0; typo < 4; typo += 1)
        expect(await signInWithPassword({ email: person.email, password: "typo" }, from(address))).toMatchObject({
          status: 401,
        });
      expect(await signInWithPassword({ email: person.email, password: person.password }, from(address))).toEqual({
        ok: true,
      });
    }
  }, 120_000);

  it("throttles invite links the same way", async () => {
    const address = newAddress();
    const input = {
      email: `guest-${randomUUID()}@switchboard.test`,
      password: "a long enough password",
      name: "Guest",
    };
    const answers = [];
    for (let guess = 0; guess < 30; guess += 1)
      answers.push(await acceptInviteThrottled(`guess-${guess}`, input, from(address)));
    expect(answers.filter((answer) => !answer.ok && !("status" in answer))).toHaveLength(5);
    expect(answers.slice(5)).toEqual(
      Array(25).fill(
        expect.objectContaining({ status: 429, error: expect.stringContaining("Too many failed invite attempts") }),
      ),
    );
  });
});
