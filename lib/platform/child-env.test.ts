/** A child process gets what its node declares plus PATH and HOME, and never Switchboard's own variables. */
import { describe, expect, it } from "vitest";
import { childEnvironment } from "./child-env";

describe("childEnvironment", () => {
  it("holds only the declared env plus PATH and HOME", () => {
    const env = childEnvironment(
      { API_KEY: "k" },
      { PATH: "/bin", HOME: "/home/x", SWITCHBOARD_SECRET: "s", DATABASE_URL: "postgres://" },
    );
    expect(env).toEqual({ PATH: "/bin", HOME: "/home/x", API_KEY: "k" });
  });

  it("refuses a node declaring Switchboard's own variables, naming them", () => {
    expect(() => childEnvironment({ DATABASE_URL: "x", SWITCHBOARD_SECRET_KEY: "y" }, {})).toThrow(
      "env: DATABASE_URL, SWITCHBOARD_SECRET_KEY are Switchboard's own",
    );
  });
});
