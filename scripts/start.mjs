#!/usr/bin/env node
// `npm start`: build whatever is missing or older than its sources, then run the server in this process.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const stamp = path.join(root, 'apps/server/dist/.build-stamp');
const outputs = ['packages/shared/dist/index.js', 'apps/server/dist/main.js', 'apps/web/dist/index.html'];
const inputs = [
  'packages/shared/src',
  'apps/server/src',
  'apps/server/drizzle',
  'apps/web/src',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'package-lock.json',
];

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const info = statSync(target);
  if (!info.isDirectory()) return info.mtimeMs;
  return readdirSync(target).reduce(
    (max, name) => Math.max(max, newestMtime(path.join(target, name))),
    info.mtimeMs,
  );
}

const built = outputs.every((o) => existsSync(path.join(root, o))) && existsSync(stamp);
const stale = !built || inputs.some((i) => newestMtime(path.join(root, i)) > statSync(stamp).mtimeMs);
if (stale) {
  console.log('Building Easio (first start, or sources changed)…');
  execSync('npm run build', { cwd: root, stdio: 'inherit' });
  writeFileSync(stamp, new Date().toISOString());
}

await import(path.join(root, 'apps/server/dist/main.js'));
