import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig, loadEnv } from 'vite';
import { serviceWorker } from './pwa/service-worker-plugin';

/**
 * The SPA is served by the API server at the same origin, so it calls relative `/api/...` and
 * `/v1/graphql`. In development, Vite forwards both (GraphQL's WebSocket too) to a running server
 * (VITE_API_PROXY, default the `npm start` port 3000).
 */
const proxy = (target: string) => ({
  '/api': { target, changeOrigin: true },
  '/v1': { target, changeOrigin: true, ws: true },
});

export default defineConfig(({ mode }) => {
  const env = loadEnv(mode, import.meta.dirname, 'VITE_');
  const apiTarget = env.VITE_API_PROXY || 'http://localhost:3000';
  return {
    plugins: [react(), serviceWorker()],
    // `@easio/shared` exports its TypeScript source under the `source` condition.
    resolve: { conditions: ['source', ...defaultClientConditions] },
    server: { proxy: proxy(apiTarget) },
    preview: { proxy: proxy(apiTarget) },
    build: {
      outDir: 'dist',
      emptyOutDir: true,
      sourcemap: true,
      // Shared code under 100 KB is copied into the chunks that use it instead of being a chunk of its
      // own: a signed-in first visit to the desk fetched 59 scripts (6.9 s at 400 ms / 200 KB/s), now
      // 12 (4.8 s), and the sign-in page 26 (3.9 s), now 10 (3.4 s), with fewer bytes sent (brotli
      // absorbs the copies). `npm run bench:web` measures it.
      rolldownOptions: {
        preserveEntrySignatures: false,
        output: { codeSplitting: { experimentalInlineCommonChunks: { maxSize: 100000 } } },
      },
    },
  };
});
