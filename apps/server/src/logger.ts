import type { FastifyBaseLogger } from 'fastify';
import { type DestinationStream, pino } from 'pino';

export interface LogOptions {
  level: string;
  /** Where lines go (stdout when absent); tests collect them. */
  stream?: DestinationStream;
}

/** The process's one logger: the services log through it, and the app (Fastify) through a child of it. */
export function createLogger({ level, stream }: LogOptions): FastifyBaseLogger {
  return pino({ level }, stream);
}
