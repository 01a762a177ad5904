import type { LiveHub, LiveTopic } from './hub.js';

type Result<T> = IteratorResult<T, undefined>;

/**
 * A subscription's stream: what `load` reads now, then again after each change of the topic for the
 * user. Changes arriving while nobody asks for the next value make one read, not one each. Ending it
 * (the client unsubscribes, the socket closes) stops watching at once, even while it waits.
 */
export class LiveQuery<T> implements AsyncIterableIterator<T, undefined> {
  private changed = true;
  private finished = false;
  private waiting: { resolve: (result: Result<T>) => void; reject: (err: unknown) => void } | null = null;
  private readonly stop: () => void;

  constructor(
    hub: LiveHub,
    topic: LiveTopic,
    userId: string,
    private readonly load: () => Promise<T>,
  ) {
    this.stop = hub.watch(topic, userId, () => this.onChange());
  }

  private onChange(): void {
    if (this.finished) return;
    const waiting = this.waiting;
    if (!waiting) {
      this.changed = true;
      return;
    }
    this.waiting = null;
    this.read().then(waiting.resolve, (err: unknown) => {
      this.end();
      waiting.reject(err);
    });
  }

  private async read(): Promise<Result<T>> {
    const value = await this.load();
    return this.finished ? { done: true, value: undefined } : { done: false, value };
  }

  next(): Promise<Result<T>> {
    if (this.finished) return Promise.resolve({ done: true, value: undefined });
    if (this.changed) {
      this.changed = false;
      return this.read();
    }
    return new Promise((resolve, reject) => {
      this.waiting = { resolve, reject };
    });
  }

  private end(): void {
    if (this.finished) return;
    this.finished = true;
    this.stop();
    const waiting = this.waiting;
    this.waiting = null;
    waiting?.resolve({ done: true, value: undefined });
  }

  return(): Promise<Result<T>> {
    this.end();
    return Promise.resolve({ done: true, value: undefined });
  }

  [Symbol.asyncIterator](): this {
    return this;
  }
}
