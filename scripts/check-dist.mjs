#!/usr/bin/env node
// `npm run check:dist`, after the build: fails when a file of the built server (apps/server/dist)
// imports vitest or a package listed only in devDependencies (the root's or the server's), i.e. when
// test code slipped into what ships. Test helpers belong under apps/server/src/test/ or in *.test.ts
// files, which the build leaves out.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const dist = path.join(root, 'apps/server/dist');

const readPackage = (file) => JSON.parse(readFileSync(path.join(root, file), 'utf8'));
const rootPackage = readPackage('package.json');
const serverPackage = readPackage('apps/server/package.json');
const shipped = new Set([
  ...Object.keys(rootPackage.dependencies ?? {}),
  ...Object.keys(serverPackage.dependencies ?? {}),
]);
const forbidden = new Set(
  [
    'vitest',
    ...Object.keys(rootPackage.devDependencies ?? {}),
    ...Object.keys(serverPackage.devDependencies ?? {}),
  ].filter((name) => !shipped.has(name)),
);

/** `import … from 'x'`, `import 'x'`, `export … from 'x'` and `import('x')`, as tsc writes them. */
const IMPORT = /(?:\bimport|\bexport)(?:[\s\w{},*$]*?\bfrom)?\s*\(?\s*(['"])([^'"\n]+)\1/g;

/** The package a bare specifier names: `@scope/name` or `name`; null for relative and `node:` ones. */
function packageOf(specifier) {
  if (specifier.startsWith('.') || specifier.startsWith('/') || specifier.startsWith('node:')) return null;
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

function* builtFiles(dir) {
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) yield* builtFiles(file);
    else if (/\.(m|c)?js$/.test(name)) yield file;
  }
}

let found;
try {
  found = [...builtFiles(dist)];
} catch {
  console.error(`check:dist: ${path.relative(root, dist)} is missing; run the server's build first.`);
  process.exit(1);
}

const problems = [];
for (const file of found) {
  for (const match of readFileSync(file, 'utf8').matchAll(IMPORT)) {
    const name = packageOf(match[2]);
    if (name && forbidden.has(name)) problems.push(`${path.relative(root, file)} imports '${match[2]}'`);
  }
}

if (problems.length > 0) {
  console.error('check:dist: the built server imports test-only packages (vitest or devDependencies):');
  for (const problem of problems) console.error(`  ${problem}`);
  console.error(
    'Move test helpers under apps/server/src/test/ (the build leaves it out), or make the package a dependency.',
  );
  process.exit(1);
}
console.log(`check:dist: ${found.length} built files, none imports vitest or a devDependency.`);
