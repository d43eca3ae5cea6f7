/**
 * A box of untrusted work gives up the engine's identity. A box loads its entry as it starts (tinypool imports it
 * before the box reports ready); once the entry has loaded everything it will ever need (its modules, QuickJS's
 * WebAssembly, pdf.js), a box started as root switches to nobody (uid and gid 65534, no supplementary groups), before
 * any task: the checkout, the data directory and the instance's keys are the engine's, not the box's, even should a
 * task break out of its interpreter. A box started by another user already runs as that user and stays so (it cannot
 * switch). Plain JavaScript, imported by the boxes' `.mjs` entries.
 */
const BOX_USER_ID = 65534;

export function dropPrivileges() {
  if (typeof process.getuid !== "function" || process.getuid() !== 0) return;
  process.setgroups([]);
  process.setgid(BOX_USER_ID);
  process.setuid(BOX_USER_ID);
}
