import { browser } from 'wxt/browser';
import { defineBackground } from 'wxt/utils/define-background';
import { ensureFlushAlarm, FLUSH_ALARM } from '../src/alarm';
import { type BrowserSaveRequest, browserSave, type PageProbe } from '../src/browser-save';
import { currentClient, flushQueue, forgetAccount, notices, queue } from '../src/extension-state';
import type { Tone } from '../src/notices';
import { findLinkText, type PageInfo, readPageInfo, readSelection } from '../src/page-info';
import { labelOf, savedText, saveOrQueue } from '../src/saves';

const MENU_PAGE = 'easio-save-page';
const MENU_SELECTION = 'easio-save-selection';
const MENU_LINK = 'easio-save-link';

const BADGE: Record<Tone, { text: string; color: string }> = {
  ok: { text: '✓', color: '#2b8a3e' },
  info: { text: '…', color: '#e67700' },
  error: { text: '!', color: '#c92a2a' },
};

/**
 * Tells how a save from the menu or the shortcut went: a mark on the toolbar icon for a few seconds
 * (✓ saved, … waiting to be sent, ! not saved), and kept for the popup to say when it next opens.
 */
async function tell(tabId: number | undefined, tone: Tone, text: string) {
  await browser.action.setBadgeBackgroundColor({ color: BADGE[tone].color, tabId });
  await browser.action.setBadgeText({ text: BADGE[tone].text, tabId });
  await browser.action.setTitle({ title: text, tabId });
  setTimeout(() => {
    void browser.action.setBadgeText({ text: '', tabId });
    void browser.action.setTitle({ title: 'Save to Easio', tabId });
  }, 4000);
  await notices.outcome(tone, text);
}

/** Reads the page in the tab (in the frame clicked, for a selection or a link). */
function probeOf(tabId: number | undefined, frameId: number | undefined): PageProbe {
  const target = () => {
    if (tabId === undefined) throw new Error('no tab');
    return frameId === undefined ? { tabId } : { tabId, frameIds: [frameId] };
  };
  return {
    async page() {
      if (tabId === undefined) throw new Error('no tab');
      const [injected] = await browser.scripting.executeScript({ target: { tabId }, func: readPageInfo });
      if (!injected?.result) throw new Error('the page could not be read');
      return injected.result as PageInfo;
    },
    async selection() {
      const [injected] = await browser.scripting.executeScript({ target: target(), func: readSelection });
      return typeof injected?.result === 'string' ? injected.result : '';
    },
    async linkText(url) {
      const [injected] = await browser.scripting.executeScript({
        target: target(),
        func: findLinkText,
        args: [url],
      });
      return typeof injected?.result === 'string' ? injected.result : '';
    },
  };
}

const signedOutText = (reason: string) =>
  `Easio signed the extension out (${reason}). Open it to sign in again: what waits is kept until you do.`;

/** Sends the offline queue; a revoked token is told the next time the popup opens. */
async function flushInBackground() {
  const result = await flushQueue();
  if (result?.signedOut)
    await notices.note('error', signedOutText(result.stoppedBy ?? 'the token was revoked'));
}

/** Saves from the context menu or the shortcut (to the desk: the recommendations file it). */
async function saveFromBrowser(
  tab: { id?: number; url?: string; title?: string } | undefined,
  request: BrowserSaveRequest,
  frameId?: number,
) {
  const tabId = tab?.id;
  try {
    const built = await browserSave({ ...request, tab }, probeOf(tabId, frameId));
    if ('refusal' in built) return await tell(tabId, 'error', built.refusal);
    const client = await currentClient();
    if (!client) {
      await queue.add(built.save, labelOf(built.save), 'Signed out');
      return await tell(
        tabId,
        'error',
        'Sign in to Easio (open the extension): the save is kept until you do',
      );
    }
    const outcome = await saveOrQueue(client, queue, built.save);
    if (outcome.state === 'saved') await tell(tabId, outcome.toDesk ? 'info' : 'ok', savedText(outcome));
    else if (outcome.state === 'queued')
      await tell(tabId, 'info', 'Offline: saved here and sent to Easio when it can be reached');
    else {
      await forgetAccount();
      await tell(tabId, 'error', signedOutText(outcome.reason));
    }
  } catch (error) {
    await tell(
      tabId,
      'error',
      `Not saved: ${error instanceof Error ? error.message : 'something went wrong'}`,
    );
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
  });
  browser.contextMenus.onClicked.addListener((info, tab) => {
    if (info.menuItemId === MENU_SELECTION)
      void saveFromBrowser(tab, { what: 'selection', selectionText: info.selectionText }, info.frameId);
    else if (info.menuItemId === MENU_LINK)
      void saveFromBrowser(
        tab,
        // Firefox's click data has the link's text; Chromium's has not (it is read from the page).
        { what: 'link', linkUrl: info.linkUrl, linkText: (info as { linkText?: string }).linkText },
        info.frameId,
      );
    else void saveFromBrowser(tab, { what: 'page' });
  });
  browser.commands.onCommand.addListener((command, tab) => {
    if (command === 'save-page') void saveFromBrowser(tab, { what: 'page' });
  });
  // What was saved offline goes out every minute, at start-up, and when the popup asks.
  void ensureFlushAlarm(browser.alarms);
  browser.alarms.onAlarm.addListener((alarm) => {
    if (alarm.name === FLUSH_ALARM) void flushInBackground();
  });
  browser.runtime.onStartup.addListener(() => void flushInBackground());
  self.addEventListener('online', () => void flushInBackground());
});
