import type { ExtensionSave } from '@easio/shared';
import { browser } from 'wxt/browser';
import { createEasioClient, EasioError, normaliseServer } from '../../src/api';
import {
  currentClient,
  flushQueue,
  forgetAccount,
  queue,
  readAccount,
  saveAccount,
} from '../../src/extension-state';
import { type PageInfo, readPageInfo } from '../../src/page-info';
import { isSavable, locationSave, noteSave, pageSave, saveOrQueue, selectionSave } from '../../src/saves';

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
const signIn = $<HTMLFormElement>('sign-in');
const saver = $<HTMLElement>('saver');
const status = $<HTMLParagraphElement>('status');
const folder = $<HTMLSelectElement>('folder');
let page: PageInfo | null = null;

function say(text: string, error = false) {
  status.textContent = text;
  status.className = error ? 'error' : '';
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

async function show() {
  const account = await readAccount();
  signIn.hidden = account !== null;
  saver.hidden = account === null;
  $('sign-out').hidden = account === null;
  $('who').textContent = account ? `Signed in as ${account.username}` : '';
  if (!account) return;
  await Promise.all([readPage(), loadFolders(), showQueue()]);
  const flushed = await flushQueue();
  if (flushed?.sent)
    say(`${flushed.sent} saved while offline ${flushed.sent === 1 ? 'was' : 'were'} sent to Easio.`);
  await showQueue();
}

async function send(make: (parentId: string | null) => ExtensionSave | null, button: HTMLButtonElement) {
  const client = await currentClient();
  const save = make(folder.value || null);
  if (!client || !save) return;
  button.disabled = true;
  say('Saving…');
  try {
    const outcome = await saveOrQueue(client, queue, save);
    if (outcome.state === 'saved') say(`Saved to Easio: ${outcome.name}`);
    else say('You seem to be offline: it is kept here and sent to Easio as soon as it can be reached.');
    await showQueue();
    return true;
  } catch (error) {
    if (error instanceof EasioError && error.signedOut) {
      await forgetAccount();
      await show();
    }
    say(error instanceof Error ? error.message : 'Not saved', true);
    return false;
  } finally {
    button.disabled = false;
  }
}

signIn.addEventListener('submit', async (event) => {
  event.preventDefault();
  const problem = $('sign-in-error');
  problem.textContent = '';
  try {
    const account = {
      server: normaliseServer($<HTMLInputElement>('server').value),
      token: $<HTMLInputElement>('token').value.trim(),
    };
    const me = await createEasioClient(account).me();
    await saveAccount({ ...account, username: me.username });
    await show();
  } catch (error) {
    problem.textContent = error instanceof Error ? error.message : 'Could not sign in';
  }
});

$('sign-out').addEventListener('click', async () => {
  await forgetAccount();
  await show();
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
    say('Write the note first', true);
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
        true,
      ),
    { timeout: 15_000, maximumAge: 60_000 },
  );
});
$('send-queue').addEventListener('click', async () => {
  const result = await flushQueue();
  if (result?.sent) say(`${result.sent} sent to Easio.`);
  else if (result?.left) say('Still offline: they will be sent later.', true);
  for (const dropped of result?.dropped ?? []) say(`${dropped.label} was not saved: ${dropped.reason}`, true);
  await showQueue();
});

void show();
