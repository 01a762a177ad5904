import { type DeskObject, fileKindOf } from '@easio/shared';
import { FILE_KIND_LABEL, formatSize } from '../../lib/object-info';
import type { ShareStep } from './shared-items';

/** What the share page shows of one thing it will save, before anything is sent. */
export interface PlannedView {
  /** What it becomes: Link, Note, or the file's kind (Photo, PDF, Document…). */
  kind: string;
  /** For its icon. */
  icon: Pick<DeskObject, 'data_type' | 'mime_type'>;
  /** Its name on the desk: the shared title, or the file's name; none for an unnamed link or note. */
  name: string | null;
  /** A link's web address, in full: where it really goes. */
  address: string | null;
  /** The text of a note, or the note a link carries. */
  text: string | null;
  /** A file's type as sent and its size. */
  file: string | null;
}

/** The planned step as the page lists it: a link with its address and title, a note's text, a file's name, type and size. */
export function plannedView(step: ShareStep): PlannedView {
  if (step.kind === 'file') {
    const { name, type, size } = step.file;
    return {
      kind: FILE_KIND_LABEL[fileKindOf({ name, mime_type: type || null })],
      icon: { data_type: 'file_object', mime_type: type || null },
      name,
      address: null,
      text: null,
      file: `${type || 'Type not given'} · ${formatSize(size)}`,
    };
  }
  const { item } = step;
  const base = { icon: { data_type: item.data_type, mime_type: null }, name: item.name ?? null, file: null };
  switch (item.data_type) {
    case 'url_object':
      return { ...base, kind: 'Link', address: item.url, text: null };
    case 'url_note_object':
      return { ...base, kind: 'Link', address: item.url, text: item.content };
    case 'note_object':
      return { ...base, kind: 'Note', address: null, text: item.content };
    default:
      // A share plans only links, notes and files.
      return { ...base, kind: step.label, address: null, text: null };
  }
}
