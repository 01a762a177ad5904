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
    include: ['packages/*/src/**/*.test.ts', 'apps/*/src/**/*.test.{ts,tsx}'],
    globalSetup: ['apps/server/src/test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
