import type { PGlite } from '@electric-sql/pglite';

/** Work between two turns of the event loop: what a request may wait behind at most on a busy thread. */
const SLICE_MS = 8;

/**
 * Makes a PGlite instance give the event loop a turn before a statement, once `sliceMs` have gone by
 * without one.
 *
 * PGlite runs PostgreSQL in this thread, synchronously, and resolves each statement as a microtask: a
 * loop of awaited statements (an import listing 500 failures, one row each) never reaches the event
 * loop, so no other request is even read until it ends, often for a second. A marker queued with
 * `setImmediate` tells when the loop last had a turn; a statement issued while the marker has waited
 * longer than the slice waits for a turn first. Between requests the loop turns anyway and this costs a
 * clock read.
 */
export function takeTurns(client: PGlite, sliceMs = SLICE_MS): PGlite {
  let lastTurn = performance.now();
  let markerQueued = false;
  const mark = () => {
    lastTurn = performance.now();
    markerQueued = false;
  };
  const turn = async () => {
    if (!markerQueued) {
      // The last marker has run: the loop had a turn since the last statement.
      markerQueued = true;
      lastTurn = performance.now();
      setImmediate(mark);
      return;
    }
    if (performance.now() - lastTurn < sliceMs) return;
    await new Promise<void>((resolve) => setImmediate(resolve));
  };
  const query = client.query.bind(client);
  const exec = client.exec.bind(client);
  const transaction = client.transaction.bind(client);
  client.query = (async (...args: Parameters<PGlite['query']>) => {
    await turn();
    return query(...args);
  }) as PGlite['query'];
  client.exec = async (...args: Parameters<PGlite['exec']>) => {
    await turn();
    return exec(...args);
  };
  client.transaction = (async (...args: Parameters<PGlite['transaction']>) => {
    await turn();
    return transaction(...args);
  }) as PGlite['transaction'];
  return client;
}
