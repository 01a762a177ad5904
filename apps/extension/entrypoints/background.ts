import type { ExtensionSave } from '@easio/shared';
import { browser } from 'wxt/browser';
import { defineBackground } from 'wxt/utils/define-background';
import { EasioError } from '../src/api';
import { currentClient, flushQueue, queue } from '../src/extension-state';
import { type PageInfo, readPageInfo } from '../src/page-info';
import { isSavable, pageSave, saveOrQueue, selectionSave } from '../src/saves';

const MENU_PAGE = 'easio-save-page';
const MENU_SELECTION = 'easio-save-selection';
const MENU_LINK = 'easio-save-link';

/** A mark on the toolbar icon for a few seconds: ✓ saved, … waiting to be sent, ! not saved. */
async function mark(tabId: number | undefined, text: string, color: string, title: string) {
  await browser.action.setBadgeBackgroundColor({ color, tabId });
  await browser.action.setBadgeText({ text, tabId });
  await browser.action.setTitle({ title, tabId });
  setTimeout(() => {
    void browser.action.setBadgeText({ text: '', tabId });
    void browser.action.setTitle({ title: 'Save to Easio', tabId });
  }, 4000);
}

async function pageOf(tabId: number): Promise<PageInfo> {
  const [injected] = await browser.scripting.executeScript({ target: { tabId }, func: readPageInfo });
  return injected?.result as PageInfo;
}

/** Saves from the context menu or the shortcut (to the desk: the recommendations file it). */
async function saveFromBrowser(
  tab: { id?: number; url?: string; title?: string } | undefined,
  what: 'page' | 'selection' | 'link',
  extra: { selection?: string; link?: string; linkText?: string } = {},
) {
  const tabId = tab?.id;
  const client = await currentClient();
  if (!client) {
    await mark(tabId, '!', '#c92a2a', 'Sign in to Easio first: open the extension');
    return;
  }
  try {
    let save: ExtensionSave;
    if (what === 'link' && extra.link && isSavable(extra.link)) {
      save = pageSave(
        { url: extra.link, title: extra.linkText ?? '', description: '', favicon: '', selection: '' },
        null,
      );
    } else if (what === 'selection' && extra.selection && isSavable(tab?.url)) {
      save = selectionSave(
        { url: tab?.url ?? '', title: tab?.title ?? '', selection: extra.selection },
        null,
      );
    } else if (tabId !== undefined && isSavable(tab?.url)) {
      save = pageSave(await pageOf(tabId), null);
    } else {
      await mark(tabId, '!', '#c92a2a', 'Only web pages can be saved');
      return;
    }
    const outcome = await saveOrQueue(client, queue, save);
    if (outcome.state === 'saved') await mark(tabId, '✓', '#2b8a3e', `Saved to Easio: ${outcome.name}`);
    else await mark(tabId, '…', '#e67700', 'Offline: saved here and sent to Easio when it can be reached');
  } catch (error) {
    await mark(tabId, '!', '#c92a2a', error instanceof EasioError ? error.message : 'Not saved');
  }
}

export default defineBackground(() => {
  browser.runtime.onInstalled.addListener(() => {
    void browser.contextMenus.removeAll().then(() => {
      browser.contextMenus.create({ id: MENU_PAGE, title: 'Save this page to Easio', contexts: ['page'] });
      browser.contextMenus.create({
        id: MENU_SELECTION,
        title: 'Save the selection to Easio',
        contexts: ['selection'],
      });
      browser.contextMenus.create({ id: MENU_LINK, title: 'Save this link to Easio', contexts: ['link'] });
    });
    void browser.alarms.create('easio-flush', { periodInMinutes: 1 });
  });
  browser.contextMenus.onClicked.addListener((info, tab) => {
    if (info.menuItemId === MENU_SELECTION)
      void saveFromBrowser(tab, 'selection', { selection: info.selectionText });
    else if (info.menuItemId === MENU_LINK)
      void saveFromBrowser(tab, 'link', { link: info.linkUrl, linkText: info.selectionText });
    else void saveFromBrowser(tab, 'page');
  });
  browser.commands.onCommand.addListener((command, tab) => {
    if (command === 'save-page') void saveFromBrowser(tab, 'page');
  });
  // What was saved offline goes out every minute, at start-up, and when the popup asks.
  browser.alarms.onAlarm.addListener((alarm) => {
    if (alarm.name === 'easio-flush') void flushQueue();
  });
  browser.runtime.onStartup.addListener(() => void flushQueue());
  self.addEventListener('online', () => void flushQueue());
});
