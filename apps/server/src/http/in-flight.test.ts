import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { countInFlight, createInFlight } from './in-flight.js';

describe('requests in flight', () => {
  it('waits for the last request to be answered, or gives up after the wait given', async () => {
    const inFlight = createInFlight();
    await inFlight.quiet(10_000); // nobody waiting: at once
    inFlight.started();
    inFlight.started();
    let quiet = false;
    const waiting = inFlight.quiet(10_000).then(() => (quiet = true));
    inFlight.ended();
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(quiet).toBe(false);
    inFlight.ended();
    await waiting;
    expect(inFlight.count).toBe(0);

    inFlight.started();
    const t0 = performance.now();
    await inFlight.quiet(30);
    expect(performance.now() - t0).toBeGreaterThanOrEqual(25);
    expect(inFlight.count).toBe(1);
  });

  it('counts a request from its arrival until its answer, whatever the answer', async () => {
    const inFlight = createInFlight();
    const app = Fastify();
    countInFlight(app, inFlight);
    const seen: number[] = [];
    app.get('/slow', async () => {
      seen.push(inFlight.count);
      return { ok: true };
    });
    app.get('/broken', async () => {
      seen.push(inFlight.count);
      throw new Error('broken');
    });
    await Promise.all([app.inject('/slow'), app.inject('/slow'), app.inject('/broken')]);
    await app.inject('/missing');
    expect(seen.every((n) => n >= 1)).toBe(true);
    expect(inFlight.count).toBe(0);
    await app.close();
  });
});
