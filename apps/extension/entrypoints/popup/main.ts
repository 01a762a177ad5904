import type { ExtensionSave } from '@easio/shared';
import { browser } from 'wxt/browser';
import { EasioError } from '../../src/api';
import { currentClient, flushQueue, notices, popupDeps, queue } from '../../src/extension-state';
import type { Tone } from '../../src/notices';
import { type PageInfo, readPageInfo } from '../../src/page-info';
import {
  type Screen,
  type SendResult,
  sendFromPopup,
  signedOut,
  signIn,
  whenOpened,
} from '../../src/popup-flow';
import { isSavable, locationSave, noteSave, pageSave, selectionSave } from '../../src/saves';
import { normaliseServer, originPattern, typedScheme } from '../../src/server-address';
import { shortcutHelp } from '../../src/shortcut-help';

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
const signInForm = $<HTMLFormElement>('sign-in');
const saver = $<HTMLElement>('saver');
const status = $<HTMLParagraphElement>('status');
const folder = $<HTMLSelectElement>('folder');
const serverInput = $<HTMLInputElement>('server');
let page: PageInfo | null = null;
/** Origins the extension may already reach: asking again would only show the prompt for nothing. */
let granted = new Set<string>();

function say(text: string, tone: Tone = 'ok') {
  status.textContent = text;
  status.className = tone === 'error' ? 'error' : '';
}

/** What happened while the popup was closed (saves from the menu, dropped saves): shown until dismissed. */
async function showNotices() {
  const { notices: list, earlier } = await notices.list();
  const items = list.map((notice) => {
    const item = document.createElement('li');
    item.className = notice.tone === 'error' ? 'error' : '';
    const text = document.createElement('span');
    text.textContent = notice.text;
    const dismiss = document.createElement('button');
    dismiss.type = 'button';
    dismiss.className = 'quiet';
    dismiss.textContent = '×';
    dismiss.title = 'Dismiss';
    dismiss.setAttribute('aria-label', `Dismiss: ${notice.text}`);
    dismiss.addEventListener('click', async () => {
      await notices.dismiss(notice.id);
      await showNotices();
    });
    item.append(text, dismiss);
    return item;
  });
  if (earlier > 0) {
    const more = document.createElement('li');
    more.textContent = `…and ${earlier} earlier ${earlier === 1 ? 'notice' : 'notices'}.`;
    items.unshift(more);
  }
  $('notice-list').replaceChildren(...items);
  $('notices').hidden = items.length === 0;
  $('dismiss-all').hidden = items.length < 2;
}

async function showQueue() {
  const waiting = await queue.list();
  $('queue').hidden = waiting.length === 0;
  $('queue-text').textContent =
    waiting.length === 1
      ? '1 save is waiting to be sent to Easio.'
      : `${waiting.length} saves are waiting to be sent to Easio.`;
}

/** The page the popup was opened on: read in the page (the toolbar click lets the extension do so). */
async function readPage() {
  const [tab] = await browser.tabs.query({ active: true, currentWindow: true });
  page = null;
  if (tab?.id !== undefined && isSavable(tab.url)) {
    try {
      const [injected] = await browser.scripting.executeScript({
        target: { tabId: tab.id },
        func: readPageInfo,
      });
      page = (injected?.result as PageInfo | undefined) ?? null;
    } catch {
      page = { url: tab.url ?? '', title: tab.title ?? '', description: '', favicon: '', selection: '' };
    }
  }
  $('page').textContent = page ? page.title || page.url : 'This page cannot be saved (only web pages can).';
  $<HTMLButtonElement>('save-page').disabled = !page;
  $<HTMLButtonElement>('save-selection').disabled = !page?.selection;
  $<HTMLButtonElement>('save-selection').title = page?.selection ? '' : 'Select some text on the page first';
}

async function loadFolders() {
  const client = await currentClient();
  if (!client) return;
  folder.replaceChildren(folder.options[0] as HTMLOptionElement);
  try {
    for (const f of await client.folders()) {
      const option = document.createElement('option');
      option.value = f.id;
      option.textContent = f.path;
      folder.append(option);
    }
  } catch (error) {
    // A token without the folders right, or offline: saving to the desk still works.
    folder.title = error instanceof Error ? error.message : '';
  }
}

async function showShortcut() {
  const commands = await browser.commands.getAll().catch(() => []);
  const shortcut = commands.find((c) => c.name === 'save-page')?.shortcut ?? '';
  $('shortcut').textContent = shortcutHelp(import.meta.env.FIREFOX, shortcut);
}

async function show(screen?: Screen) {
  const now = screen ?? (await whenOpened(popupDeps));
  const signedIn = now.screen === 'saver';
  signInForm.hidden = signedIn;
  saver.hidden = !signedIn;
  $('sign-out').hidden = !signedIn;
  $('who').textContent = signedIn ? `Signed in as ${now.account.username}` : '';
  await showNotices();
  if (!signedIn) {
    $('sign-in-error').textContent = now.error;
    if (!serverInput.value) serverInput.value = now.server;
    return;
  }
  say(now.problem ?? '', now.problem ? 'error' : 'ok');
  await Promise.all([readPage(), loadFolders(), showQueue(), showShortcut()]);
  const flushed = await flushQueue();
  if (flushed?.signedOut) {
    await show(await signedOut(popupDeps, now.account.server, flushed.stoppedBy ?? 'Sign in again.'));
    return;
  }
  if (flushed?.sent)
    say(`${flushed.sent} saved while offline ${flushed.sent === 1 ? 'was' : 'were'} sent to Easio.`);
  await Promise.all([showQueue(), showNotices()]);
}

async function answer(result: SendResult) {
  if (result.screen === 'sign-in') {
    await show(result);
    return false;
  }
  say(result.text, result.tone);
  await showQueue();
  return result.done;
}

async function send(make: (parentId: string | null) => ExtensionSave | null, button: HTMLButtonElement) {
  button.disabled = true;
  say('Saving…');
  try {
    return await answer(await sendFromPopup(popupDeps, make(folder.value || null), 'Nothing to save here'));
  } finally {
    button.disabled = false;
  }
}

/** Asks for this server's origin (the submit is the user gesture the browser wants), at once. */
function askForAccess(server: string): Promise<boolean> {
  const pattern = originPattern(server);
  if (granted.has(pattern)) return Promise.resolve(true);
  try {
    return browser.permissions.request({ origins: [pattern] }).catch(() => false);
  } catch {
    return Promise.resolve(false);
  }
}

signInForm.addEventListener('submit', (event) => {
  event.preventDefault();
  const problem = $('sign-in-error');
  problem.textContent = '';
  let server: string;
  try {
    server = normaliseServer(serverInput.value);
  } catch (error) {
    problem.textContent = error instanceof Error ? error.message : 'Check the address';
    return;
  }
  // Before any await: the browser grants the request only during the click.
  const access = askForAccess(server);
  const button = signInForm.querySelector('button[type="submit"]') as HTMLButtonElement;
  button.disabled = true;
  void signIn(popupDeps, {
    server,
    schemeTyped: typedScheme(serverInput.value),
    token: $<HTMLInputElement>('token').value,
    access,
  })
    .then(async (result) => {
      if (!result.ok) {
        problem.textContent = result.error;
        return;
      }
      serverInput.value = result.account.server;
      $<HTMLInputElement>('token').value = '';
      await show();
    })
    .finally(() => {
      button.disabled = false;
    });
});

$('sign-out').addEventListener('click', async () => {
  await popupDeps.forgetAccount();
  await show();
});
$('dismiss-all').addEventListener('click', async () => {
  await notices.dismissAll();
  await showNotices();
});
$('save-page').addEventListener('click', (e) =>
  send((parent) => (page ? pageSave(page, parent) : null), e.currentTarget as HTMLButtonElement),
);
$('save-selection').addEventListener('click', (e) =>
  send(
    (parent) => (page?.selection ? selectionSave(page, parent) : null),
    e.currentTarget as HTMLButtonElement,
  ),
);
$('save-note').addEventListener('click', async (e) => {
  const note = $<HTMLTextAreaElement>('note');
  if (!note.value.trim()) {
    say('Write the note first', 'error');
    return;
  }
  if (await send((parent) => noteSave(note.value.trim(), parent), e.currentTarget as HTMLButtonElement))
    note.value = '';
});
$('save-location').addEventListener('click', (e) => {
  const button = e.currentTarget as HTMLButtonElement;
  say('Finding where you are…');
  navigator.geolocation.getCurrentPosition(
    (position) => void send((parent) => locationSave(position, parent), button),
    (error) =>
      say(
        error.code === error.PERMISSION_DENIED
          ? 'Easio may not know where you are: allow location for the extension.'
          : 'Your location could not be found.',
        'error',
      ),
    { timeout: 15_000, maximumAge: 60_000 },
  );
});
$('send-queue').addEventListener('click', async () => {
  const result = await flushQueue();
  if (!result) {
    await show();
    return;
  }
  if (result.signedOut) {
    const server = await popupDeps.lastServer();
    await show(await signedOut(popupDeps, server, result.stoppedBy ?? 'Sign in again.'));
    return;
  }
  if (result.sent) say(`${result.sent} sent to Easio.`);
  else if (result.left)
    say(`Still not sent (${result.stoppedBy ?? 'offline'}): they will be sent later.`, 'error');
  else if (result.dropped.length) say('Nothing was sent.', 'error');
  else say('Nothing is waiting to be sent.');
  await Promise.all([showQueue(), showNotices()]);
});

void browser.permissions
  .getAll()
  .then((all) => {
    granted = new Set(all.origins ?? []);
  })
  .catch(() => {});
void show().catch((error: unknown) =>
  say(error instanceof EasioError ? error.message : 'Easio could not start', 'error'),
);
