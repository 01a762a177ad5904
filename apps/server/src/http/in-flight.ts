import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * The requests being answered right now, so that background work (an import's steps) can wait for a
 * moment when nobody is waiting on the server: on the embedded database one thread does both, and a
 * person's request should never queue behind a step that could have waited.
 */
export interface InFlight {
  readonly count: number;
  /** Resolves once no request is being answered, or after `maxWaitMs` (work must still go on under load). */
  quiet(maxWaitMs: number): Promise<void>;
}

export function createInFlight(): InFlight & { started(): void; ended(): void } {
  let count = 0;
  let waiters = new Set<() => void>();
  return {
    get count() {
      return count;
    },
    started() {
      count += 1;
    },
    ended() {
      count = Math.max(0, count - 1);
      if (count > 0) return;
      const woken = waiters;
      waiters = new Set();
      for (const wake of woken) wake();
    },
    quiet(maxWaitMs) {
      if (count === 0) return Promise.resolve();
      return new Promise((resolve) => {
        const wake = () => {
          clearTimeout(timer);
          waiters.delete(wake);
          resolve();
        };
        const timer = setTimeout(wake, maxWaitMs);
        waiters.add(wake);
      });
    },
  };
}

/**
 * Counts the app's requests in `inFlight`, from their arrival until their answer is sent or the client
 * goes. A WebSocket's upgrade is a connection that stays, not a request being answered: not counted.
 */
export function countInFlight(app: FastifyInstance, inFlight: ReturnType<typeof createInFlight>): void {
  const counted = new WeakSet<FastifyRequest>();
  const end = async (request: FastifyRequest) => {
    if (counted.delete(request)) inFlight.ended();
  };
  app.addHook('onRequest', async (request) => {
    if (request.headers.upgrade) return;
    counted.add(request);
    inFlight.started();
  });
  app.addHook('onResponse', end);
  app.addHook('onRequestAbort', end);
  app.addHook('onTimeout', end);
}
