import { fileURLToPath } from 'node:url';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { loadOrCreateSecret } from './secrets.js';

const started = performance.now();
const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.dataDir });
const jwtSecret = config.JWT_SECRET ?? (await loadOrCreateSecret(config.dataDir, 'jwt-secret'));
const webDistDir = fileURLToPath(new URL('../../web/dist', import.meta.url));
const app = await buildApp({ config, database, jwtSecret, webDistDir });

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down');
  await app.close();
  await database.close();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: config.PORT, host: config.HOST });
app.log.info(
  { database: database.kind, dataDir: config.dataDir, startupMs: Math.round(performance.now() - started) },
  `Easio is ready on http://localhost:${config.PORT}`,
);
