import type { SourceSection } from './filters';

export type DeskSectionId = 'all' | SourceSection;

export interface DeskSectionInfo {
  id: DeskSectionId;
  /** The child route under /my-desk. */
  path: string;
  title: string;
  /** What the page lists, once there is something. */
  description: string;
  /** The honest empty state: what will arrive here, and what to do meanwhile. */
  empty: string;
}

/** The desk's sections: the child routes of /my-desk (spec section 2), spelled as the spec spells them. */
export const DESK_SECTIONS: DeskSectionInfo[] = [
  {
    id: 'all',
    path: 'my-content',
    title: 'My content',
    description: 'Your drawers, binders and everything in them.',
    empty: '',
  },
  {
    id: 'drive',
    path: 'drive',
    title: 'Google Drive',
    description: 'Files imported from your Google Drive.',
    empty: 'Connect Google Drive from My Sources: its files arrive here, and new ones follow on every sync.',
  },
  {
    id: 'whatsApp',
    path: 'whatsApp',
    title: 'WhatsApp',
    description: 'Files and links you sent to your Easio number.',
    empty:
      'Save your WhatsApp number in Settings › Sources and send files and links to Easio’s number, or import a chat export on My Sources: they arrive here.',
  },
  {
    id: 'mail',
    path: 'mail',
    title: 'Mail',
    description: 'E-mails and their attachments.',
    empty:
      'Connect a mailbox from any provider (or Gmail) on My Sources, or import .eml and .mbox files there: your e-mails and their attachments arrive here.',
  },
  {
    id: 'calender',
    path: 'calender',
    title: 'Calendar',
    description: 'Your calendar events.',
    empty:
      'Import an .ics file, subscribe to a calendar’s address or connect Google Calendar on My Sources: your events arrive here.',
  },
  {
    id: 'extension',
    path: 'extension',
    title: 'Extension',
    description: 'Pages, selections, notes and places saved with the browser extension.',
    empty:
      'Add the Easio browser extension and sign it in with a token from Settings › Sources: the pages, selections, notes and places you save with it arrive here.',
  },
  {
    id: 'gallery',
    path: 'gallery',
    title: 'Gallery',
    description: 'Your photos from every source, with where and when each was taken.',
    empty:
      'Upload photos (on a phone, from its photo library), or connect Google Drive, Dropbox, WhatsApp or a mailbox: every picture they bring shows here, by the month and at the place it was taken.',
  },
  {
    id: 'dropBox',
    path: 'dropBox',
    title: 'Dropbox',
    description: 'Files imported from your Dropbox.',
    empty: 'Connect Dropbox from My Sources: its files arrive here, and new ones follow on every sync.',
  },
];

export function sectionInfo(id: DeskSectionId): DeskSectionInfo {
  return DESK_SECTIONS.find((s) => s.id === id) ?? (DESK_SECTIONS[0] as DeskSectionInfo);
}

/**
 * The section an address under /my-desk belongs to (case-insensitive, like the routes); null for a
 * page of the desk that is none of them (search results).
 */
export function sectionOf(pathname: string): DeskSectionId | null {
  const child =
    pathname
      .replace(/^\/my-desk\/?/i, '')
      .split('/')[0]
      ?.toLowerCase() ?? '';
  if (child === '') return 'all';
  return DESK_SECTIONS.find((s) => s.path.toLowerCase() === child)?.id ?? null;
}
