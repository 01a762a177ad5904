/** Where the save-page shortcut (Alt+Shift+S unless changed) is changed, in this browser. */
export function shortcutHelp(firefox: boolean, shortcut: string): string {
  const keys = shortcut
    ? `${shortcut} saves the page you are on.`
    : 'No keyboard shortcut is set to save the page.';
  return firefox
    ? `${keys} Change it on the add-ons page (about:addons): the gear menu, Manage Extension Shortcuts.`
    : `${keys} Change it at chrome://extensions/shortcuts.`;
}
