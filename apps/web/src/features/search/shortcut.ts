/** Where a key press happened, as far as the `/` shortcut cares. */
export interface ShortcutTarget {
  tagName: string;
  isContentEditable: boolean;
  /** Inside a dialog (a modal, the filter popup): the key belongs to it. */
  inDialog: boolean;
}

export type ShortcutKeys = Pick<
  KeyboardEvent,
  'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'defaultPrevented' | 'isComposing'
>;

const TYPING_TAGS = new Set(['INPUT', 'TEXTAREA', 'SELECT']);

/** Someone typing: in a field, a text area, a select or editable content. */
export function isTypingTarget(target: ShortcutTarget | null): boolean {
  if (!target) return false;
  return target.isContentEditable || TYPING_TAGS.has(target.tagName.toUpperCase());
}

/** `/` focuses the search box, unless it is being typed somewhere or belongs to something else. */
export function isSearchShortcut(event: ShortcutKeys, target: ShortcutTarget | null): boolean {
  if (event.key !== '/' || event.ctrlKey || event.metaKey || event.altKey) return false;
  if (event.defaultPrevented || event.isComposing) return false;
  return !isTypingTarget(target) && !target?.inDialog;
}

export function shortcutTarget(target: EventTarget | null): ShortcutTarget | null {
  if (!(target instanceof HTMLElement)) return null;
  return {
    tagName: target.tagName,
    isContentEditable: target.isContentEditable,
    inDialog: target.closest('[role="dialog"]') !== null,
  };
}
