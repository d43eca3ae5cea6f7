/**
 * Loaded into a bench's child process (NODE_OPTIONS=--require, set by process-profiles.ts) when BENCH_PROFILE names its
 * role: the first SIGUSR2 starts V8's CPU profiler, the next stops it and writes what it sampled to
 * `$BENCH_PROFILE_DIR/<role>-<pid>-<n>.cpuprofile` (Chrome DevTools' Performance panel, or speedscope, opens it). The
 * bench signals around its measured phase only, so start-up and warm-up stay out of the profile.
 */
const { Session } = require("node:inspector");
const { mkdirSync, writeFileSync } = require("node:fs");
const path = require("node:path");

const dir = process.env.BENCH_PROFILE_DIR;
const role = process.env.BENCH_PROFILE_ROLE ?? "process";
const session = new Session();
session.connect();
session.post("Profiler.enable");
session.post("Profiler.setSamplingInterval", { interval: 250 }); // µs: fine enough for calls that take ~0.1 ms
let profiling = false;
let written = 0;

process.on("SIGUSR2", () => {
  profiling = !profiling;
  if (profiling) return void session.post("Profiler.start");
  session.post("Profiler.stop", (error, result) => {
    if (error) return console.error(`[bench profile] ${error.message}`);
    mkdirSync(dir, { recursive: true });
    const file = path.join(dir, `${role}-${process.pid}-${written++}.cpuprofile`);
    writeFileSync(file, JSON.stringify(result.profile));
    console.log(`[bench profile] wrote ${file}`);
  });
});
