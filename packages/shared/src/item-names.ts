import type { DataType } from './constants.js';

/** How long a name taken from a note's first line may be. */
export const TEXT_NAME_MAX = 80;

/** An item's name from its text: the first line that says something, cut at 80 characters. */
export function nameFromText(text: string, fallback: string): string {
  const line =
    text
      .split('\n')
      .find((l) => l.trim())
      ?.trim() ?? '';
  return (line.length > TEXT_NAME_MAX ? `${line.slice(0, TEXT_NAME_MAX - 1)}…` : line) || fallback;
}

interface Named {
  data_type: DataType;
  name: string;
  content: string | null;
  url: string | null;
}

/** What an untitled note or url note is called when its text says nothing: "Note", or its address. */
export function textNameFallback(item: Pick<Named, 'data_type' | 'url'>): string {
  return item.data_type === 'url_note_object' && item.url ? item.url : 'Note';
}

/**
 * Whether a note (or url note) was never named: its name is what its text gives. Such a name follows
 * the text as it is edited, and the viewer shows the text once instead of its first line twice.
 */
export function isNamedByText(item: Named): boolean {
  if (item.data_type !== 'note_object' && item.data_type !== 'url_note_object') return false;
  return item.name === nameFromText(item.content ?? '', textNameFallback(item));
}
