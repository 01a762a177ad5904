import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * The server's layers, lowest first. A file may import files of its own module and of modules in lower
 * layers; never another module of its own layer, nor one of a higher layer. A module is a folder
 * (`desk/`), a file (`app.ts`), or a list of them; a file belongs to the module with the longest
 * matching path.
 */
const LAYERS: { name: string; modules: (string | string[])[] }[] = [
  { name: 'settings', modules: ['config.ts', 'secrets.ts', 'logger.ts'] },
  { name: 'foundations', modules: ['db/', 'http/', 'storage/', 'mail-out/', 'sandbox/'] },
  // What anything stored from outside is held to (names, addresses, HTML, sizes): every way in uses it.
  { name: 'intake rules', modules: ['intake/'] },
  { name: 'background jobs', modules: ['jobs/'] },
  { name: 'accounts and sign-in', modules: ['auth/'] },
  { name: 'file processing', modules: ['processing/'] },
  { name: 'the desk and link previews', modules: ['desk/', 'links/'] },
  { name: 'sources', modules: ['sources/'] },
  {
    name: 'features',
    modules: [
      // Uploads turn mail and calendar files into items with the parsers of sources/, so the upload
      // route, its conversions and the plugin that registers it sit above sources; the rest of desk/ is below.
      ['desk/plugin.ts', 'desk/uploads.ts', 'desk/store-uploads.ts', 'desk/conversions/'],
      'search/',
      'recommendations/',
      'account/',
      'extension/',
      'live/',
      'geo/',
      'meta/',
    ],
  },
  // The scanner folder stores files through the upload path (desk/store-uploads.ts, a feature).
  { name: 'the scanner folder', modules: ['consume/'] },
  { name: "the process's services, built once", modules: ['services.ts'] },
  { name: 'the app and the command line', modules: ['app.ts', 'cli/'] },
  { name: 'the process', modules: ['main.ts'] },
];

const src = path.dirname(fileURLToPath(import.meta.url));

/** Every production file under src, as a path relative to it: tests and test helpers (src/test/) left out. */
function productionFiles(dir = ''): string[] {
  return readdirSync(path.join(src, dir), { withFileTypes: true }).flatMap((entry) => {
    const file = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) return file === 'test' ? [] : productionFiles(file);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [file] : [];
  });
}

/** The module and layer of a file: its module is named by the module's first path. */
function moduleOf(file: string): { module: string; layer: number } | undefined {
  let found: { module: string; layer: number; length: number } | undefined;
  LAYERS.forEach(({ modules }, layer) => {
    for (const paths of modules.map((m) => (typeof m === 'string' ? [m] : m))) {
      for (const prefix of paths) {
        const matches = prefix.endsWith('/') ? file.startsWith(prefix) : file === prefix;
        if (matches && (!found || prefix.length > found.length)) {
          found = { module: paths[0] ?? prefix, layer, length: prefix.length };
        }
      }
    }
  });
  return found && { module: found.module, layer: found.layer };
}

/** The files under src one file imports (static, re-exported and dynamic imports), relative to src. */
function importsOf(file: string): string[] {
  const text = readFileSync(path.join(src, file), 'utf8');
  return ts
    .preProcessFile(text, true, true)
    .importedFiles.map(({ fileName }) => fileName)
    .filter((name) => name.startsWith('.'))
    .map((name) => path.posix.join(path.posix.dirname(file), name).replace(/\.js$/, '.ts'));
}

describe('server layering', () => {
  const files = productionFiles();

  it('places every production file in a layer', () => {
    expect(files.filter((file) => !moduleOf(file) && !file.endsWith('.d.ts'))).toEqual([]);
  });

  it('never lets a layer import its own neighbours or a layer above it', () => {
    const wrong: string[] = [];
    let seen = 0;
    for (const file of files) {
      const from = moduleOf(file);
      if (!from) continue;
      for (const target of importsOf(file)) {
        const to = moduleOf(target);
        if (!to) continue;
        seen++;
        if (to.module === from.module || to.layer < from.layer) continue;
        const [fromLayer, toLayer] = [LAYERS[from.layer]?.name, LAYERS[to.layer]?.name];
        wrong.push(`${file} (${fromLayer}) imports ${target} (${toLayer})`);
      }
    }
    expect(seen).toBeGreaterThan(500); // the imports were read at all
    expect(wrong).toEqual([]);
  });
});
