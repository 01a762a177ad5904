import { describe, expect, it } from 'vitest';
import { isSearchShortcut, isTypingTarget, type ShortcutKeys, type ShortcutTarget } from './shortcut';

const keys = (changes: Partial<ShortcutKeys> = {}): ShortcutKeys => ({
  key: '/',
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  defaultPrevented: false,
  isComposing: false,
  ...changes,
});
const on = (tagName: string, changes: Partial<ShortcutTarget> = {}): ShortcutTarget => ({
  tagName,
  isContentEditable: false,
  inDialog: false,
  ...changes,
});

describe('the / shortcut', () => {
  it('focuses the search box from the page', () => {
    expect(isSearchShortcut(keys(), on('BODY'))).toBe(true);
    expect(isSearchShortcut(keys(), on('DIV'))).toBe(true);
    expect(isSearchShortcut(keys(), on('BUTTON'))).toBe(true);
    expect(isSearchShortcut(keys(), null)).toBe(true);
  });

  it('leaves / alone while typing', () => {
    for (const tag of ['INPUT', 'TEXTAREA', 'SELECT', 'input']) {
      expect(isTypingTarget(on(tag))).toBe(true);
      expect(isSearchShortcut(keys(), on(tag))).toBe(false);
    }
    expect(isSearchShortcut(keys(), on('DIV', { isContentEditable: true }))).toBe(false);
  });

  it('leaves / to dialogs, other keys, chords, and presses already handled', () => {
    expect(isSearchShortcut(keys(), on('BUTTON', { inDialog: true }))).toBe(false);
    expect(isSearchShortcut(keys({ key: '?' }), on('BODY'))).toBe(false);
    expect(isSearchShortcut(keys({ ctrlKey: true }), on('BODY'))).toBe(false);
    expect(isSearchShortcut(keys({ metaKey: true }), on('BODY'))).toBe(false);
    expect(isSearchShortcut(keys({ altKey: true }), on('BODY'))).toBe(false);
    expect(isSearchShortcut(keys({ defaultPrevented: true }), on('BODY'))).toBe(false);
    expect(isSearchShortcut(keys({ isComposing: true }), on('BODY'))).toBe(false);
  });
});
