/**
 * Arguments that make an allow-listed program start another one (`find -exec`, `tar
 * --to-command`, `git -c core.sshCommand=…`): refused, so the allow-list means what it says.
 *
 * Honest limits: this list covers the common programs' known escape hatches, not every program
 * ever written. Listing an interpreter or wrapper (sh, bash, python3, node, perl, awk, xargs, env,
 * ssh …) grants whatever it can run; such programs are flagged, and an admin should list them only
 * for people they would give a shell on the machine.
 */
import path from "node:path";

/** Exact flags, or `--flag=` prefixes, per program (by base name). */
const EXEC_FLAGS: Record<string, string[]> = {
  find: ["-exec", "-execdir", "-ok", "-okdir", "-fprint", "-fprintf", "-fls", "-delete"],
  tar: [
    "--to-command",
    "--checkpoint-action",
    "--use-compress-program",
    "-I",
    "--rsh-command",
    "--info-script",
    "-F",
    "--new-volume-script",
  ],
  rsync: ["-e", "--rsh", "--rsync-path"],
  git: ["-c", "--config-env", "--exec-path", "--upload-pack", "--receive-pack", "-u", "--ext-diff", "--output"],
  zip: ["-T", "-TT", "--unzip-command"],
  man: ["-P", "--pager", "-H", "--html"],
  ssh: ["-o", "-F", "-J", "-W"],
};

const isShortFlag = (flag: string) => /^-[A-Za-z]$/.test(flag);

function matches(arg: string, flag: string): boolean {
  return arg === flag || arg.startsWith(`${flag}=`) || (isShortFlag(flag) && arg.startsWith(flag));
}

/** sed's `e` command (and the `e` flag of `s///e`) runs a shell command. */
const SED_EXEC = /(^|[;{\n]\s*)(\d+|\$)?\s*e(\s|$)|s(.).*\4.*\4[gipw0-9]*e/;

/** Programs whose whole job is to run code or other programs. */
export const EXEC_WRAPPERS = new Set([
  "sh",
  "bash",
  "zsh",
  "dash",
  "ksh",
  "fish",
  "python",
  "python3",
  "node",
  "perl",
  "ruby",
  "php",
  "lua",
  "awk",
  "gawk",
  "mawk",
  "nawk",
  "xargs",
  "env",
  "nice",
  "nohup",
  "timeout",
  "stdbuf",
  "setsid",
  "sudo",
  "su",
  "doas",
  "watch",
  "script",
  "expect",
]);

export class ExecCapableArgumentError extends Error {}

export function assertNoExecArguments(command: string, args: string[]): void {
  const program = path.basename(command);
  for (const arg of args) {
    const flag = EXEC_FLAGS[program]?.find((candidate) => matches(arg, candidate));
    if (flag)
      throw new ExecCapableArgumentError(
        `args: "${arg}" would let ${program} start another program (${flag} is refused)`,
      );
    if (program === "sed" && SED_EXEC.test(arg))
      throw new ExecCapableArgumentError(`args: "${arg}" uses sed's "e" command, which runs a shell`);
  }
}
