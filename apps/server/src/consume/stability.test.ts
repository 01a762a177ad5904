import { describe, expect, it } from 'vitest';
import { StabilityTracker } from './stability.js';

describe('the stability tracker', () => {
  it('takes a file only once its size and time have held for the stable time', () => {
    const tracker = new StabilityTracker(1000);
    expect(tracker.observe('a', { size: 10, mtimeMs: 1 }, 0)).toBe(false);
    expect(tracker.observe('a', { size: 10, mtimeMs: 1 }, 999)).toBe(false);
    expect(tracker.observe('a', { size: 10, mtimeMs: 1 }, 1000)).toBe(true);
  });

  it('starts the wait again when the file grows or is touched', () => {
    const tracker = new StabilityTracker(1000);
    tracker.observe('a', { size: 10, mtimeMs: 1 }, 0);
    expect(tracker.observe('a', { size: 20, mtimeMs: 1 }, 900)).toBe(false);
    expect(tracker.observe('a', { size: 20, mtimeMs: 1 }, 1500)).toBe(false);
    expect(tracker.observe('a', { size: 20, mtimeMs: 2 }, 1950)).toBe(false);
    expect(tracker.observe('a', { size: 20, mtimeMs: 2 }, 2949)).toBe(false);
    expect(tracker.observe('a', { size: 20, mtimeMs: 2 }, 2950)).toBe(true);
  });

  it('says when the next waiting file will be stable, and forgets files', () => {
    const tracker = new StabilityTracker(1000);
    expect(tracker.nextStableAt()).toBeNull();
    tracker.observe('a', { size: 1, mtimeMs: 1 }, 500);
    tracker.observe('b', { size: 1, mtimeMs: 1 }, 200);
    expect(tracker.nextStableAt()).toBe(1200);
    tracker.forget('b');
    expect(tracker.nextStableAt()).toBe(1500);
    tracker.retainOnly(new Set(['b']));
    expect(tracker.nextStableAt()).toBeNull();
    // Forgotten, a file waits the whole time again.
    tracker.observe('a', { size: 1, mtimeMs: 1 }, 5000);
    expect(tracker.observe('a', { size: 1, mtimeMs: 1 }, 5500)).toBe(false);
  });
});
