import { SORT_KEYS, SORT_ORDERS } from '@easio/shared';
import { useSyncExternalStore } from 'react';
import { z } from 'zod';
import { DRAWER_OPTIONS, NAV_FILTERS, PANEL_VALUES } from './filters';

/**
 * How the user likes the desk shown: list or grid, sort, the navigation filter, the side panel and
 * the drawer option, and whether filing suggestions are open. Shared by every folder, and kept in this browser between visits.
 */
const prefsSchema = z.object({
  view: z.enum(['list', 'grid']).catch('list'),
  sort: z.enum(SORT_KEYS).catch('date'),
  order: z.enum(SORT_ORDERS).catch('desc'),
  filter: z.enum(NAV_FILTERS).catch('clear'),
  panel: z.enum(PANEL_VALUES).catch('HIDE'),
  drawerOption: z.enum(DRAWER_OPTIONS).catch('ALLBINDERS'),
  /** The spec's review-open flag: whether the filing suggestions are shown beside the desk (wide screens). */
  reviewOpen: z.boolean().catch(false),
});
export type DeskPrefs = z.infer<typeof prefsSchema>;

const KEY = 'easio.deskPrefs';
const DEFAULTS: DeskPrefs = prefsSchema.parse({});

function load(): DeskPrefs {
  try {
    const raw = window.localStorage.getItem(KEY);
    return raw ? prefsSchema.parse(JSON.parse(raw)) : DEFAULTS;
  } catch {
    return DEFAULTS;
  }
}

let current: DeskPrefs = typeof window === 'undefined' ? DEFAULTS : load();
const listeners = new Set<() => void>();

export function setDeskPrefs(changes: Partial<DeskPrefs>) {
  current = { ...current, ...changes };
  try {
    window.localStorage.setItem(KEY, JSON.stringify(current));
  } catch {
    // Kept in memory for this visit.
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function useDeskPrefs(): DeskPrefs {
  return useSyncExternalStore(
    subscribe,
    () => current,
    () => DEFAULTS,
  );
}
