/**
 * The wall-clock limit of one evaluation, kept from outside its box. The clock starts when the box
 * says it started the task, so a task queued behind busy boxes is not charged for the wait.
 */

export type Deadline = {
  /** The box started the task: `expire` is called `timeMs` from now. */
  started: () => void;
  /** The task ended: nothing will expire. */
  stop: () => void;
};

export function watchDeadline(timeMs: number, expire: () => void): Deadline {
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  return {
    started: () => {
      if (!stopped && !timer) timer = setTimeout(expire, timeMs);
    },
    stop: () => {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
