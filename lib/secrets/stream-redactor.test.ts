/** A secret streamed in pieces is redacted however the pieces cut it; text with no secret flows through. */
import { describe, expect, it } from "vitest";
import { Redactor } from "./redact";
import { createStreamRedactor } from "./stream-redactor";

const SECRET = "sk-stream-0123456789";
const streamed = (pieces: string[], secrets = [SECRET]) => {
  const redactor = createStreamRedactor(new Redactor(secrets));
  const shown = pieces.map((piece) => redactor.push(piece));
  return { shown, text: shown.join("") + redactor.end() };
};

describe("stream redaction", () => {
  it("redacts a secret cut in two at every position, as is and base64", () => {
    for (const secret of [SECRET, Buffer.from(SECRET).toString("base64")]) {
      const text = `the key is ${secret}, keep it`;
      for (let cut = 1; cut < text.length; cut++) {
        const { shown, text: whole } = streamed([text.slice(0, cut), text.slice(cut)]);
        expect(whole, `cut at ${cut}`).toBe("the key is [secret], keep it");
        expect(shown.join(""), `cut at ${cut}`).not.toContain(secret.slice(0, 8));
      }
    }
  });

  it("redacts a secret streamed one character at a time, and shows text before it without waiting for the end", () => {
    const text = `a long preamble that has nothing secret in it at all, then ${SECRET}.`;
    const { shown, text: whole } = streamed([...text]);
    expect(whole).toBe("a long preamble that has nothing secret in it at all, then [secret].");
    expect(shown.join("")).toContain("a long preamble");
  });

  it("passes text through unchanged when there is no secret", () => {
    expect(streamed(["hello ", "world"], []).shown).toEqual(["hello ", "world"]);
  });
});

describe("Redactor", () => {
  it("gives back the same object when nothing in it is secret, a copy where something is", () => {
    const redactor = new Redactor([SECRET]);
    const clean = { a: ["x", { b: "y" }], n: 1 };
    expect(redactor.value(clean)).toBe(clean);
    const dirty = { a: ["x", { b: `key ${SECRET}` }], n: 1 };
    expect(redactor.value(dirty)).toEqual({ a: ["x", { b: "key [secret]" }], n: 1 });
    expect(dirty.a[1]).toEqual({ b: `key ${SECRET}` });
  });

  it("redacts inside values JSON cannot write, and secrets with characters JSON escapes", () => {
    expect(new Redactor([SECRET]).value({ big: 1n, text: SECRET })).toEqual({ big: 1n, text: "[secret]" });
    const quoted = 'pass"word\\with-quotes';
    expect(new Redactor([quoted]).value({ a: [`is ${quoted}`] })).toEqual({ a: ["is [secret]"] });
  });

  it("takes a secret's characters literally, pattern characters included", () => {
    const odd = "a.b*c+d?(e)[f]{g}|h\\i$^";
    expect(new Redactor([odd]).text(`x ${odd} y`)).toBe("x [secret] y");
    expect(new Redactor([odd]).text("x aXb*c+d?(e)[f]{g}|h\\i$^ y")).toBe("x aXb*c+d?(e)[f]{g}|h\\i$^ y");
  });
});
