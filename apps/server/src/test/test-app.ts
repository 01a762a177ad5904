import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import type { Database } from '../db/client.js';
import { type DbKind, openTestDatabase } from './databases.js';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  close(): Promise<void>;
}

/** The whole server on a fresh database, as `main.ts` builds it but without listening. */
export async function buildTestApp(
  kind: DbKind,
  options: { webDistDir?: string; env?: NodeJS.ProcessEnv } = {},
): Promise<TestApp> {
  const database = await openTestDatabase(kind);
  const config = loadConfig({ DATA_DIR: '/nonexistent-test-data', LOG_LEVEL: 'silent', ...options.env });
  const app = await buildApp({
    config,
    database,
    jwtSecret: 'test-secret-test-secret-test-secret!',
    webDistDir: options.webDistDir,
  });
  await app.ready();
  return {
    app,
    database,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

export const PASSWORD = 'secret12#';

let counter = 0;
/** A distinct, valid sign-up payload. */
export function newSignup(overrides: Record<string, unknown> = {}) {
  counter += 1;
  const tag = `${process.pid.toString(36)}${counter}`;
  return {
    username: `user_${tag}`,
    email: `user_${tag}@example.com`,
    hashed_password: PASSWORD,
    region: 'IN',
    ...overrides,
  };
}

export function json(res: LightMyRequestResponse): Record<string, unknown> {
  return res.json() as Record<string, unknown>;
}

/** Signs up a new user and signs in; answers their token and info. */
export async function signedInUser(app: FastifyInstance, overrides: Record<string, unknown> = {}) {
  const signup = newSignup(overrides);
  const created = await app.inject({ method: 'POST', url: '/api/auth/signup', payload: signup });
  if (created.statusCode !== 200) throw new Error(`signup failed: ${created.body}`);
  const token = await app.inject({
    method: 'POST',
    url: '/api/auth/token',
    payload: new URLSearchParams({
      username: signup.email as string,
      password: signup.hashed_password as string,
    }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  const accessToken = (token.json() as { access_token: string }).access_token;
  return {
    signup,
    accessToken,
    info: created.json() as Record<string, unknown>,
    auth: { authorization: `Bearer ${accessToken}` },
  };
}

export function form(fields: Record<string, string>): Pick<InjectOptions, 'payload' | 'headers'> {
  return {
    payload: new URLSearchParams(fields).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  };
}
