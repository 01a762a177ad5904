import type { ListQuery } from '@easio/shared';

/** Every desk query starts with 'desk', so one invalidation refreshes the whole desk. */
export const deskKeys = {
  all: ['desk'] as const,
  lists: ['desk', 'list'] as const,
  folder: (id: string) => ['desk', 'folder', id] as const,
  children: (id: string, query: ListQuery) => ['desk', 'list', 'children', id, query] as const,
  items: (query: ListQuery) => ['desk', 'list', 'items', query] as const,
  object: (id: string) => ['desk', 'object', id] as const,
  job: (id: string) => ['desk', 'job', id] as const,
  /** Search answers (features/search): desk objects too, so every desk change refreshes them. */
  search: ['desk', 'search'] as const,
};
