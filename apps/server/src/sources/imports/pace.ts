import { setImmediate as nextTurn } from 'node:timers/promises';

/** Work done between two yields: what another request may wait behind at most, on a busy thread. */
const SLICE_MS = 8;

/**
 * A check to call often in a long loop (parsing, planning): once `sliceMs` of work has gone by since the
 * last yield it yields to the event loop, so other requests are answered meanwhile; otherwise it costs a
 * clock read. On the embedded database everything shares this one thread.
 */
export function pacer(sliceMs = SLICE_MS): () => Promise<void> {
  let last = performance.now();
  return async () => {
    if (performance.now() - last < sliceMs) return;
    await nextTurn();
    last = performance.now();
  };
}
