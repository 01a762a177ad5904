import { createRequire } from 'node:module';
import { defineConfig } from 'vitest/config';

// graphql ships CommonJS (`main`) and ESM (`module`) side by side; Node (and graphql-ws) load the
// former, Vite would pick the latter for our code, and its errors and types would then fail
// graphql-ws's instanceof checks. Tests load the one Node loads in production.
const graphql = createRequire(import.meta.url).resolve('graphql');

export default defineConfig({
  resolve: { conditions: ['source'], alias: [{ find: /^graphql$/, replacement: graphql }] },
  ssr: { resolve: { conditions: ['source'] } },
  test: {
    include: ['packages/*/src/**/*.test.ts', 'apps/*/src/**/*.test.{ts,tsx}', 'apps/web/pwa/*.test.ts'],
    globalSetup: ['apps/server/src/test/global-setup.ts'],
    // Vitest's default is one worker less than the cores: one on this two-core machine. The API tests
    // spend much of their time waiting on databases, IMAP and job queues, and every test file has its own
    // databases, so two at once take the unit tests from ~11 to ~6 minutes.
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
