import { describe, expect, it } from 'vitest';

/**
 * The web app's layers, checked on the import statements of every non-test file under src/:
 *
 * - `lib/`, `api/` and `state/` are the ground floor: they import none of `components/`, `features/`
 *   or `routes/`.
 * - `components/` holds screens' shared parts: it imports none of `features/` or `routes/` (a part a
 *   feature owns, like the top bar's search box, is handed in by the route layout as a prop).
 * - `routes/` (and the entry files beside it) put the features together and may import any of them;
 *   features import only its `app-chunks` (to fetch the desk's code ahead while a person signs in).
 * - A feature folder (`features/<name>/`) imports another feature only at one of the modules that
 *   feature shares, listed in SHARED below with why; every other module is that feature's own.
 * - No two features lean on each other, even by way of a third: what both need moves down a layer.
 */

/** Per feature, the modules (paths inside its folder, without extension) other features may import. */
const SHARED: Record<string, readonly string[]> = {
  desk: [
    // How a desk object opens, wherever it is listed (search results, the workspace, a share's outcome).
    'links',
    // The desk's calls: a share from the phone becomes desk items and uploads through them.
    'api',
    // The sort order's and binder states' labels (the search toolbar and the workspace say them too).
    'filters',
    // The desk's row parts and actions, reused by the search results list.
    'actions/use-object-actions',
    'browser/ObjectMenu',
    'browser/row-parts',
    'browser/SelectionBar',
    'browser/use-selection',
  ],
  sources: [
    // A source's connections and their query keys, shown in settings, the profile and the sign-up steps.
    'queries',
    'service-connect',
    'google-connect',
    'dropbox-connect',
    'DisconnectModal',
    'ReturnedError',
    'WhatsappNumberBox',
    // Shown on the desk's source screens.
    'ChatExportImport',
    'SourceSyncBanner',
    // Uploading an export and its import's progress, Resume and Discard, under Settings › Your data › Restore.
    'imports-api',
    'UnfinishedImports',
    // The failed items of an import, listed again under Settings › Your data › Restore.
    'FailureList',
  ],
  recommendations: [
    // The filing suggestions panel and its toggle, on the desk.
    'RecommendationsPanel',
    'ReviewToggle',
  ],
  auth: [
    // The sign-up page signs in with the same providers as the login page.
    'ProviderLinks',
    'useGoogleSignInReturn',
  ],
};

const GROUND = ['lib', 'api', 'state'];

/** The one routes/ module features may import: fetching the desk's code ahead (`preloadDesk`). */
const ROUTES_FOR_FEATURES = ['routes/app-chunks'];

const sources = import.meta.glob<string>(['./**/*.{ts,tsx}', '!./**/*.test.{ts,tsx}'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

/** 'a/b/../c' → 'a/c'; the specifier's target relative to src/. */
function resolve(from: string, specifier: string): string {
  const parts = from.split('/').slice(0, -1);
  for (const part of specifier.split('/')) {
    if (part === '..') parts.pop();
    else if (part !== '.') parts.push(part);
  }
  return parts.join('/');
}

/** The relative imports of one file (static, dynamic and re-exports), resolved against src/. */
function importsOf(file: string, text: string): string[] {
  const found = text.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s*)['"](\.{1,2}\/[^'"]+)['"]/gm);
  return [...found].map((m) => resolve(file, m[1] ?? ''));
}

interface Edge {
  from: string;
  to: string;
}

const files = Object.keys(sources).map((key) => key.replace(/^\.\//, ''));
const edges: Edge[] = files.flatMap((file) =>
  importsOf(file, sources[`./${file}`] ?? '').map((to) => ({ from: file, to })),
);

const layerOf = (path: string) => path.split('/')[0] ?? '';
const featureOf = (path: string) => (layerOf(path) === 'features' ? path.split('/')[1] : undefined);
const show = ({ from, to }: Edge) => `${from} → ${to}`;

describe('web layering', () => {
  it('reads the app’s files', () => {
    expect(files).toContain('routes/router.tsx');
    expect(edges.length).toBeGreaterThan(100);
  });

  it('lib/, api/ and state/ import no components, features or routes', () => {
    const wrong = edges.filter(
      (e) => GROUND.includes(layerOf(e.from)) && ['components', 'features', 'routes'].includes(layerOf(e.to)),
    );
    expect(wrong.map(show)).toEqual([]);
  });

  it('components/ imports no features or routes', () => {
    const wrong = edges.filter(
      (e) => layerOf(e.from) === 'components' && ['features', 'routes'].includes(layerOf(e.to)),
    );
    expect(wrong.map(show)).toEqual([]);
  });

  it('features import no routes but the desk’s preloading', () => {
    const wrong = edges.filter(
      (e) =>
        layerOf(e.from) === 'features' && layerOf(e.to) === 'routes' && !ROUTES_FOR_FEATURES.includes(e.to),
    );
    expect(wrong.map(show)).toEqual([]);
  });

  it('a feature imports another feature only at the modules it shares', () => {
    const wrong = edges.filter((e) => {
      const owner = featureOf(e.to);
      const user = featureOf(e.from);
      if (!owner || !user || owner === user) return false;
      const inside = e.to.split('/').slice(2).join('/');
      return !SHARED[owner]?.includes(inside);
    });
    expect(wrong.map(show)).toEqual([]);
  });

  it('no features import each other, directly or round about', () => {
    const uses = new Map<string, Set<string>>();
    for (const e of edges) {
      const user = featureOf(e.from);
      const owner = featureOf(e.to);
      if (user && owner && user !== owner) uses.set(user, (uses.get(user) ?? new Set()).add(owner));
    }
    /** The features `start` reaches by its imports, and theirs. */
    const reach = (start: string) => {
      const seen = new Set<string>();
      const next = [...(uses.get(start) ?? [])];
      for (let f = next.pop(); f !== undefined; f = next.pop()) {
        if (seen.has(f)) continue;
        seen.add(f);
        next.push(...(uses.get(f) ?? []));
      }
      return seen;
    };
    const loops = [...uses.keys()].filter((feature) => reach(feature).has(feature));
    expect(loops).toEqual([]);
  });

  it('every shared module is there and used by another feature', () => {
    const unused = Object.entries(SHARED).flatMap(([owner, modules]) =>
      modules
        .map((m) => `features/${owner}/${m}`)
        .filter((path) => !edges.some((e) => e.to === path && featureOf(e.from) !== owner)),
    );
    expect(unused).toEqual([]);
  });
});
