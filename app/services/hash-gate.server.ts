// At most a few argon2 runs (19 MiB and tens of ms of CPU each) at once: a flood of login attempts
// would otherwise take every core and all the memory. Excess callers wait in a short, bounded queue;
// past it, or after waiting too long, they are told the server is busy.

export class BusyError extends Error {
  constructor() {
    super("busy");
    this.name = "BusyError";
  }
}

export type Gate = <T>(fn: () => Promise<T>) => Promise<T>;

export function createGate({ running, waiting, waitMs }: { running: number; waiting: number; waitMs: number }): Gate {
  let active = 0;
  const queue: Array<{ go: () => void; timer: NodeJS.Timeout }> = [];

  const release = () => {
    active--;
    const next = queue.shift();
    if (next) {
      clearTimeout(next.timer);
      active++;
      next.go();
    }
  };

  const acquire = () =>
    new Promise<void>((resolve, reject) => {
      if (active < running) {
        active++;
        return resolve();
      }
      if (queue.length >= waiting) return reject(new BusyError());
      const entry = {
        go: resolve,
        timer: setTimeout(() => {
          queue.splice(queue.indexOf(entry), 1);
          reject(new BusyError());
        }, waitMs),
      };
      queue.push(entry);
    });

  return async (fn) => {
    await acquire();
    try {
      return await fn();
    } finally {
      release();
    }
  };
}

/** The gate every password hash and verification goes through (2 cores: 2 at once). */
export const hashGate = createGate({ running: 2, waiting: 32, waitMs: 5_000 });
