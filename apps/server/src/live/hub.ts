import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import { z } from 'zod';
import type { Database } from '../db/client.js';

/** The channel the database triggers of migration 0006 announce changes on. */
export const LIVE_CHANNEL = 'easio_live';

export const LIVE_TOPICS = ['users', 'recommendations', 'sources'] as const;
export type LiveTopic = (typeof LIVE_TOPICS)[number];

const eventSchema = z.object({ topic: z.enum(LIVE_TOPICS), user_id: z.uuid() });

/** After losing its connection, the PostgreSQL listener tries again this often. */
const RECONNECT_MS = 1000;

/**
 * The changes announced by the database, fanned out to what this process's subscribers watch. Every
 * process LISTENs on its own, so a change made through any of them (or straight in the database)
 * reaches every subscriber.
 */
export interface LiveHub {
  /** Calls `listener` after every change of `topic` for the user; answers how to stop. */
  watch(topic: LiveTopic, userId: string, listener: () => void): () => void;
  close(): Promise<void>;
}

export async function createLiveHub(database: Database, log: FastifyBaseLogger): Promise<LiveHub> {
  const listeners = new Map<string, Set<() => void>>();
  const keyOf = (topic: LiveTopic, userId: string) => `${topic} ${userId}`;

  const deliver = (payload: string | undefined) => {
    let event: z.infer<typeof eventSchema>;
    try {
      event = eventSchema.parse(JSON.parse(payload ?? ''));
    } catch (err) {
      log.warn({ err, payload }, 'ignored a malformed live event');
      return;
    }
    for (const listener of listeners.get(keyOf(event.topic, event.user_id)) ?? []) {
      try {
        listener();
      } catch (err) {
        log.error({ err }, 'a live listener failed');
      }
    }
  };

  // Events missed while the connection was down may have changed anything: every subscriber reads again.
  const resumed = () => {
    for (const set of listeners.values()) for (const listener of set) listener();
  };
  const stop =
    database.kind === 'pglite'
      ? await database.client.listen(LIVE_CHANNEL, deliver)
      : await listenOnPostgres(database.client, { deliver, resumed }, log);

  return {
    watch(topic, userId, listener) {
      const key = keyOf(topic, userId);
      const set = listeners.get(key) ?? new Set();
      set.add(listener);
      listeners.set(key, set);
      return () => {
        set.delete(listener);
        if (set.size === 0 && listeners.get(key) === set) listeners.delete(key);
      };
    },
    async close() {
      listeners.clear();
      await stop();
    },
  };
}

/**
 * LISTENs on a connection of its own taken from the pool, and takes a new one when it is lost (a
 * restart of PostgreSQL, a network cut): events in between are missed, so subscribers are told
 * to read again once listening resumes.
 */
async function listenOnPostgres(
  pool: pg.Pool,
  { deliver, resumed }: { deliver: (payload: string | undefined) => void; resumed: () => void },
  log: FastifyBaseLogger,
): Promise<() => Promise<void>> {
  let client: pg.PoolClient | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | null = null;

  const connect = async (): Promise<void> => {
    const c = await pool.connect();
    c.on('notification', (message) => {
      if (message.channel === LIVE_CHANNEL) deliver(message.payload);
    });
    c.on('error', (err) => {
      log.warn({ err }, 'lost the live events connection; listening again');
      if (client === c) client = null;
      c.release(err);
      if (!closed) retry = setTimeout(reconnect, RECONNECT_MS);
    });
    await c.query(`LISTEN ${LIVE_CHANNEL}`);
    client = c;
  };
  const reconnect = () => {
    retry = null;
    connect().then(resumed, (err: unknown) => {
      log.warn({ err }, 'could not listen for live events; trying again');
      if (!closed) retry = setTimeout(reconnect, RECONNECT_MS);
    });
  };

  await connect();
  return async () => {
    closed = true;
    if (retry) clearTimeout(retry);
    const c = client;
    client = null;
    if (c) {
      await c.query(`UNLISTEN ${LIVE_CHANNEL}`).catch(() => undefined);
      c.release();
    }
  };
}
