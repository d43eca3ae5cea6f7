/** `npm run eval -- --workflow ID --dataset NAME …`: an evaluation from the command line (workers/eval-cli.ts). */
import { runEvalCli } from "./eval-cli";

process.exitCode = await runEvalCli(process.argv.slice(2));
