import { describe, expect, it } from 'vitest';
import { shortcutHelp } from './shortcut-help';

describe('the shortcut help', () => {
  it('says where each browser changes the shortcut', () => {
    expect(shortcutHelp(false, 'Alt+Shift+S')).toBe(
      'Alt+Shift+S saves the page you are on. Change it at chrome://extensions/shortcuts.',
    );
    expect(shortcutHelp(true, 'Alt+Shift+S')).toContain('Manage Extension Shortcuts');
    expect(shortcutHelp(true, '')).toMatch(/^No keyboard shortcut is set/);
  });
});
