/**
 * Where secret values come from. Until the encrypted store (issue 5) lands this reads the
 * worker's environment variable of the same name; the store replaces this module's body and
 * keeps its signature.
 */
export async function readSecretValue(name: string): Promise<string | undefined> {
  return process.env[name];
}
