import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

/** React.lazy for a named export: `lazyPage(() => import('./Page').then((m) => m.Page))`. */
export function lazyPage<P extends object>(
  load: () => Promise<ComponentType<P>>,
): LazyExoticComponent<ComponentType<P>> {
  return lazy(async () => ({ default: await load() }));
}
