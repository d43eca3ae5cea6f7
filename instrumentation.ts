/** Next.js start-up hook: a fresh install gets its example workflow before the first page is served. */
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { ensureExampleWorkflow } = await import("./lib/workflows/example");
  try {
    await ensureExampleWorkflow();
  } catch (error) {
    console.error("Could not create the example workflow:", error instanceof Error ? error.message : error);
  }
}
