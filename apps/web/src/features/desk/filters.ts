import {
  type BinderState,
  type DataType,
  type DeskObject,
  type ListQuery,
  listQuerySchema,
  type SortKey,
  type Source,
} from '@easio/shared';

/** The navigation filter of spec section 4: one kind of item, or `clear` for every kind. */
export const NAV_FILTERS = ['notes', 'attachment', 'location', 'link', 'email', 'url-note', 'clear'] as const;
export type NavFilter = (typeof NAV_FILTERS)[number];

export const NAV_FILTER_KIND: Record<Exclude<NavFilter, 'clear'>, DataType> = {
  notes: 'note_object',
  attachment: 'file_object',
  location: 'location_object',
  link: 'url_object',
  email: 'email_object',
  'url-note': 'url_note_object',
};

export const NAV_FILTER_LABEL: Record<NavFilter, string> = {
  clear: 'All',
  notes: 'Notes',
  attachment: 'Attachments',
  location: 'Locations',
  link: 'Links',
  email: 'E-mails',
  'url-note': 'URL notes',
};

export const FOLDER_KINDS = ['drawer_object', 'binder_object'] as const satisfies readonly DataType[];

/**
 * The kinds a folder listing asks for under a navigation filter. Drawers and binders stay listed, so
 * a filtered desk can still be walked through; `clear` asks for everything.
 */
export function navFilterKinds(filter: NavFilter): DataType[] | undefined {
  if (filter === 'clear') return undefined;
  return [...FOLDER_KINDS, NAV_FILTER_KIND[filter]];
}

/** The drawer option of spec section 4: which binders a drawer shows. CLEAR resets to ALLBINDERS. */
export const DRAWER_OPTIONS = ['ALLBINDERS', 'WIP', 'ARCHIVE', 'VAULT', 'CLEAR'] as const;
export type DrawerOption = (typeof DRAWER_OPTIONS)[number];

export const DRAWER_OPTION_LABEL: Record<DrawerOption, string> = {
  ALLBINDERS: 'All binders',
  WIP: 'Work in progress',
  ARCHIVE: 'Archive',
  VAULT: 'Vault',
  CLEAR: 'Clear',
};

export const BINDER_STATE_LABEL: Record<BinderState, string> = {
  wip: 'Work in progress',
  archive: 'Archive',
  vault: 'Vault',
};

/** Picking CLEAR resets the option to its default. */
export function nextDrawerOption(picked: DrawerOption): DrawerOption {
  return picked === 'CLEAR' ? 'ALLBINDERS' : picked;
}

/** The binder state a drawer option keeps, or null when every binder shows. */
export function drawerOptionState(option: DrawerOption): BinderState | null {
  switch (option) {
    case 'WIP':
      return 'wip';
    case 'ARCHIVE':
      return 'archive';
    case 'VAULT':
      return 'vault';
    default:
      return null;
  }
}

/** The drawer option hides the binders in another state; everything that is not a binder stays. */
export function passesDrawerOption(
  object: Pick<DeskObject, 'data_type' | 'binder_state'>,
  option: DrawerOption,
) {
  const state = drawerOptionState(option);
  return state === null || object.data_type !== 'binder_object' || object.binder_state === state;
}

/** The note/attachment panel of spec section 4: a side list of one kind of the folder's items, or hidden. */
export const PANEL_VALUES = ['NOTES', 'ATTACHMENTS', 'LOCATION', 'URLS', 'HIDE'] as const;
export type PanelValue = (typeof PANEL_VALUES)[number];

export const PANEL_LABEL: Record<PanelValue, string> = {
  NOTES: 'Notes',
  ATTACHMENTS: 'Attachments',
  LOCATION: 'Locations',
  URLS: 'Links',
  HIDE: 'Hidden',
};

export function panelKinds(panel: PanelValue): DataType[] | null {
  switch (panel) {
    case 'NOTES':
      return ['note_object'];
    case 'ATTACHMENTS':
      return ['file_object'];
    case 'LOCATION':
      return ['location_object'];
    case 'URLS':
      return ['url_object', 'url_note_object'];
    case 'HIDE':
      return null;
  }
}

export const SORT_LABEL: Record<SortKey, string> = {
  date: 'Date',
  name: 'Name',
  size: 'Size',
  kind: 'Kind',
};

/** The words for each direction, by sort key: "Newest first" reads better than "Descending". */
export const ORDER_LABEL: Record<SortKey, { desc: string; asc: string }> = {
  date: { desc: 'Newest first', asc: 'Oldest first' },
  name: { asc: 'A to Z', desc: 'Z to A' },
  size: { desc: 'Largest first', asc: 'Smallest first' },
  kind: { asc: 'A to Z', desc: 'Z to A' },
};

/** Items per page of every listing: big pages, few requests, still quick to parse. */
export const PAGE_SIZE = 200;

/**
 * The desk's sections (the child routes of /my-desk) that list the items of one source. Each id is its
 * route's path segment, so it keeps the spec's URL spelling ('whatsApp', 'calender', 'dropBox'); code
 * elsewhere says whatsapp, calendar and dropbox.
 */
export type SourceSection = 'drive' | 'whatsApp' | 'mail' | 'calender' | 'extension' | 'gallery' | 'dropBox';

/**
 * What a source page lists from `GET /items` (the extension's page: what was saved with it); null when
 * there is nothing to ask for.
 */
export function sectionQuery(section: SourceSection): ListQuery | null {
  const bySource: Record<Exclude<SourceSection, 'extension' | 'gallery'>, Source> = {
    drive: 'gdrive',
    whatsApp: 'whatsapp',
    mail: 'mail',
    calender: 'calendar',
    dropBox: 'dropbox',
  };
  if (section === 'extension') return { saved_with: 'extension' };
  if (section === 'gallery') return { mime: 'image/' };
  return { source: bySource[section] };
}

/** A listing's query string, checked against the contract first; list values are comma-separated. */
export function listSearchParams(query: ListQuery): URLSearchParams {
  const parsed = listQuerySchema.parse(query);
  const params = new URLSearchParams();
  params.set('sort', parsed.sort);
  params.set('order', parsed.order);
  const list = (v: string | readonly string[]) => (typeof v === 'string' ? v : v.join(','));
  if (parsed.kind !== undefined) params.set('kind', list(parsed.kind));
  if (parsed.source !== undefined) params.set('source', list(parsed.source));
  if (parsed.mime !== undefined) params.set('mime', parsed.mime);
  if (parsed.saved_with !== undefined) params.set('saved_with', parsed.saved_with);
  if (parsed.from !== undefined) params.set('from', parsed.from);
  if (parsed.to !== undefined) params.set('to', parsed.to);
  if (parsed.placed !== undefined) params.set('placed', parsed.placed);
  if (parsed.cursor !== undefined) params.set('cursor', parsed.cursor);
  params.set('limit', String(parsed.limit));
  return params;
}
