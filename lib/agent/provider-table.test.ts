/**
 * The provider table drives the inspector's fields, a switched provider's params and the Secrets
 * page's kinds: each provider shows its own fields only, a switch never keeps the old key, and each
 * key kind carries the hosts it should be kept to.
 */
import { describe, expect, it } from "vitest";
import { lookupComponent } from "../nodes";
import { isFieldShown } from "../nodes/types";
import { paramsForProvider, PROVIDERS, SECRET_KINDS } from "./provider-table";

const shownFor = (provider: string) =>
  lookupComponent("core.agent")!
    .fields.filter((field) => isFieldShown(field, (name) => (name === "provider" ? provider : undefined)))
    .map((field) => field.name);

describe("the provider table", () => {
  it("shows each provider's own fields: Azure its resource and deployment, Bedrock its region and key pair", () => {
    expect(shownFor("azure")).toEqual(
      expect.arrayContaining(["model", "apiKey", "azureResourceName", "azureApiVersion", "azureBaseUrl"]),
    );
    expect(shownFor("azure")).not.toContain("bedrockRegion");
    expect(shownFor("bedrock")).toEqual(
      expect.arrayContaining(["bedrockRegion", "awsAccessKeyId", "awsSecretAccessKey", "bedrockBaseUrl"]),
    );
    expect(shownFor("ollama")).toEqual(expect.arrayContaining(["model", "ollamaBaseUrl"]));
    expect(shownFor("scripted")).not.toContain("apiKey");
    // One model field per provider that has models, and it is the picker where the provider lists them.
    const modelFields = lookupComponent("core.llm")!.fields.filter((field) => field.name === "model");
    expect(modelFields).toHaveLength(PROVIDERS.length - 1);
    expect(modelFields.filter((field) => field.listsModels)).toHaveLength(
      PROVIDERS.filter((row) => row.modelList).length,
    );
  });

  it("switching provider takes its default model and, only where a key is needed, its usual secret", () => {
    expect(paramsForProvider("google")).toEqual({ model: "gemini-2.5-flash", apiKey: { $secret: "GEMINI_API_KEY" } });
    expect(paramsForProvider("ollama")).toEqual({ model: "llama3.2", apiKey: undefined });
    expect(paramsForProvider("azure")).toEqual({ model: undefined, apiKey: { $secret: "AZURE_OPENAI_API_KEY" } });
    expect(paramsForProvider("scripted")).toEqual({});
  });

  it("offers each provider's key as a kind of secret with the hosts it should go to", () => {
    expect(SECRET_KINDS).toContainEqual({
      id: "mistral",
      label: "Mistral API key",
      name: "MISTRAL_API_KEY",
      allowedHosts: ["api.mistral.ai"],
    });
    expect(SECRET_KINDS.find((kind) => kind.id === "openai-compatible")?.label).toBe("OpenAI API key");
    expect(SECRET_KINDS.map((kind) => kind.name)).toContain("AWS_SECRET_ACCESS_KEY");
  });
});
