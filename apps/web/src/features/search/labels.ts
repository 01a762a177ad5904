import type { SearchKind, SearchPeriod, SearchSort, Source } from '@easio/shared';

/** The sources as the search filter names them, in the order it lists them. */
export const SOURCE_FILTERS: readonly { value: Source; label: string }[] = [
  { value: 'whatsapp', label: 'WhatsApp' },
  { value: 'easio', label: 'Easio and the extension' },
  { value: 'gdrive', label: 'Google Drive' },
  { value: 'dropbox', label: 'Dropbox' },
  { value: 'mail', label: 'Mail' },
  { value: 'calendar', label: 'Calendar' },
  { value: 'gallery', label: 'Gallery' },
];

/** The kinds an item can be found as, as the search filter names them, in the order it lists them. */
export const KIND_FILTERS: readonly { value: SearchKind; label: string }[] = [
  { value: 'url_object', label: 'Links' },
  { value: 'file_object', label: 'Files' },
  { value: 'note_object', label: 'Notes' },
  { value: 'url_note_object', label: 'URL notes' },
  { value: 'location_object', label: 'Locations' },
  { value: 'email_object', label: 'E-mails' },
  { value: 'event_object', label: 'Events' },
  { value: 'drawer_object', label: 'Drawers' },
  { value: 'binder_object', label: 'Binders' },
];

export const PERIOD_LABEL: Record<SearchPeriod, string> = {
  today: 'Today',
  week: '7 days',
  month: '30 days',
  year: 'This year',
};

/** A period inside a sentence: "No results … in Notes, the last 7 days". */
export const PERIOD_PHRASE: Record<SearchPeriod, string> = {
  today: 'today',
  week: 'the last 7 days',
  month: 'the last 30 days',
  year: 'this year',
};

export const SEARCH_SORT_LABEL: Record<SearchSort, string> = {
  relevance: 'Relevance',
  date: 'Date',
  name: 'Name',
  size: 'Size',
};

const label = <T extends string>(list: readonly { value: T; label: string }[], value: T) =>
  list.find((each) => each.value === value)?.label ?? value;

export const sourceLabel = (source: Source) => label(SOURCE_FILTERS, source);
export const kindLabel = (kind: SearchKind) => label(KIND_FILTERS, kind);
