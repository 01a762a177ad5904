/** A sleep that `ring()` cuts short; a ring while nobody sleeps makes the next sleep return at once. */
export class Alarm {
  #rung = false;
  #wakeUp: (() => void) | undefined;

  ring(): void {
    this.#rung = true;
    this.#wakeUp?.();
  }

  async sleep(ms: number): Promise<void> {
    if (!this.#rung) {
      await new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          resolve();
        };
        const timer = setTimeout(done, ms);
        this.#wakeUp = done;
      });
      this.#wakeUp = undefined;
    }
    this.#rung = false;
  }
}

/** Whether `promise` settled within `ms` (the timer never outlives the answer). */
export async function settlesWithin(promise: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  try {
    return await Promise.race([promise.then(() => true), timeout]);
  } finally {
    clearTimeout(timer);
  }
}
