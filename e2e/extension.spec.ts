import { mkdtempSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type BrowserContext, type CDPSession, chromium, expect, test } from '@playwright/test';
import { createUser, row, signedInNewUser, signIn } from './helpers';

const EXTENSION = path.resolve('apps/extension/dist/chrome-mv3');
const BASE = `http://localhost:${Number(process.env.E2E_PORT ?? 3100)}`;

/** An article on a site of its own (loopback), to be saved. */
async function startSite(title: string) {
  const server = http.createServer((_req, res) =>
    res
      .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
      .end(
        `<!doctype html><html><head><title>${title}</title><meta name="description" content="All about saving pages"><link rel="icon" href="/icon.png"></head><body><h1>${title}</h1><p id="quote">A sentence worth keeping.</p></body></html>`,
      ),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/article`,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

/**
 * The toolbar popup, opened as a click on the extension's icon would (DevTools' Extensions.triggerAction,
 * which also grants the extension the page, as a real click does), driven through its own DevTools
 * session: Playwright does not attach to action popups.
 */
async function openActionPopup(context: BrowserContext, extensionId: string, pageUrl: string) {
  const browser = context.browser();
  if (!browser) throw new Error('no browser');
  const cdp: CDPSession = await browser.newBrowserCDPSession();
  const { targetInfos } = await cdp.send('Target.getTargets', { filter: [{ type: 'tab' }] });
  const tab = targetInfos.find((t) => t.url === pageUrl);
  if (!tab) throw new Error(`no tab at ${pageUrl}`);
  await cdp.send('Extensions.triggerAction', { id: extensionId, targetId: tab.targetId });
  let popupId = '';
  await expect
    .poll(async () => {
      const { targetInfos: all } = await cdp.send('Target.getTargets');
      popupId =
        all.find((t) => t.type === 'page' && t.url.endsWith(`${extensionId}/popup.html`))?.targetId ?? '';
      return popupId;
    })
    .not.toBe('');
  const { sessionId } = await cdp.send('Target.attachToTarget', { targetId: popupId, flatten: false });
  let next = 0;
  const pending = new Map<number, (value: unknown) => void>();
  cdp.on('Target.receivedMessageFromTarget', (event) => {
    const message = JSON.parse(event.message) as { id?: number; result?: { result?: { value?: unknown } } };
    if (message.id !== undefined) pending.get(message.id)?.(message.result?.result?.value);
  });
  /** Runs an expression in the popup and answers its value. */
  const evaluate = async (expression: string) => {
    next += 1;
    const id = next;
    const answer = new Promise((resolve) => pending.set(id, resolve));
    await cdp.send('Target.sendMessageToTarget', {
      sessionId,
      message: JSON.stringify({
        id,
        method: 'Runtime.evaluate',
        params: { expression, returnByValue: true, awaitPromise: true },
      }),
    });
    return answer;
  };
  return {
    text: (id: string) => evaluate(`document.getElementById(${JSON.stringify(id)})?.textContent ?? ''`),
    click: (id: string) => evaluate(`document.getElementById(${JSON.stringify(id)}).click()`),
  };
}

test('the unpacked extension signs in with a token, saves the page it is opened on and a note (queued while offline), both are on the extension page, and a revoked token signs it out', async ({
  request,
}) => {
  test.setTimeout(90_000);
  const user = await createUser(request);
  const tag = Date.now().toString(36);
  const site = await startSite(`Saving pages ${tag}`);
  const profile = mkdtempSync(path.join(tmpdir(), 'easio-extension-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    baseURL: BASE,
    args: [
      `--disable-extensions-except=${EXTENSION}`,
      `--load-extension=${EXTENSION}`,
      '--no-sandbox',
      '--enable-unsafe-extension-debugging',
    ],
  });
  try {
    const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
    const extensionId = new URL(worker.url()).host;

    // A token made on Settings › Sources, as a user would.
    const web = await context.newPage();
    await signIn(web, user.email, user.password);
    await expect(web).toHaveURL(/\/my-desk/);
    await web.goto(`${BASE}/settings/sources`);
    const form = web.getByRole('form', { name: 'New extension token' });
    await form.getByLabel('Token name').fill('Chromium');
    await form.getByRole('button', { name: 'Make a token' }).click();
    const token = (await web.getByLabel('The new token').textContent()) ?? '';
    expect(token).toMatch(/^easio_/);

    // Signing in, in the extension's own page.
    const popup = await context.newPage();
    await popup.goto(`chrome-extension://${extensionId}/popup.html`);
    await popup.getByLabel('Easio address').fill(BASE);
    await popup.getByLabel('API token').fill('easio_not-a-real-token');
    await popup.getByRole('button', { name: 'Sign in' }).click();
    await expect(popup.getByRole('alert')).toHaveText(
      'Sign in to the extension with an API token from Settings › Sources',
    );
    await popup.getByLabel('API token').fill(token);
    await popup.getByRole('button', { name: 'Sign in' }).click();
    await expect(popup.getByText(`Signed in as ${user.username}`)).toBeVisible();

    // Offline, a note waits in the queue; back online, it is sent once.
    await context.setOffline(true);
    await popup.getByLabel('Note').fill(`Remember ${tag}`);
    await popup.getByRole('button', { name: 'Save note' }).click();
    await expect(popup.getByRole('status')).toHaveText(/You seem to be offline/);
    await expect(popup.getByText('1 save is waiting to be sent to Easio.')).toBeVisible();
    await context.setOffline(false);
    await popup.getByRole('button', { name: 'Send now' }).click();
    await expect(popup.getByRole('status')).toHaveText('1 sent to Easio.');
    await popup.close();

    // The toolbar popup on the article saves that page.
    const article = await context.newPage();
    await article.goto(site.url);
    const action = await openActionPopup(context, extensionId, site.url);
    await expect.poll(() => action.text('page')).toBe(`Saving pages ${tag}`);
    await action.click('save-page');
    await expect.poll(() => action.text('status')).toBe(`Saved to Easio: Saving pages ${tag}`);

    await web.goto(`${BASE}/my-desk/extension`);
    await expect(row(web, `Saving pages ${tag}`)).toBeVisible();
    await expect(row(web, `Remember ${tag}`)).toBeVisible();

    // Revoked on Settings › Sources (once confirmed), the token signs the popup out as it opens, saying why.
    await web.goto(`${BASE}/settings/sources`);
    await web.getByRole('button', { name: 'Revoke Chromium' }).click();
    await web
      .getByRole('dialog', { name: 'Revoke Chromium?' })
      .getByRole('button', { name: 'Revoke', exact: true })
      .click();
    await expect(web.getByRole('button', { name: 'Revoke Chromium' })).toHaveCount(0);
    const signedOut = await context.newPage();
    await signedOut.goto(`chrome-extension://${extensionId}/popup.html`);
    await expect(signedOut.getByRole('alert')).toHaveText(
      'Sign in to the extension with an API token from Settings › Sources',
    );
    await expect(signedOut.getByRole('button', { name: 'Save note' })).toBeHidden();
    await expect(signedOut.getByLabel('Easio address')).toHaveValue(BASE);
  } finally {
    await context.close();
    await site.close();
    rmSync(profile, { recursive: true, force: true });
  }
});

test('a server without a store page hands out the extension to load by hand, with the steps', async ({
  page,
  request,
}) => {
  await signedInNewUser(page, request);
  await page.goto('/my-source');
  const card = page.getByRole('region', { name: 'Browser extension' });
  await expect(card).toContainText('It is not in a browser store for this server: load it by hand.');
  await expect(card.getByRole('listitem').filter({ hasText: 'chrome://extensions' })).toBeVisible();
  const downloading = page.waitForEvent('download');
  await card.getByRole('link', { name: 'Download for Chrome or Edge' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('easio-extension-chrome.zip');
  const zip = await readFile((await download.path()) as string);
  expect(zip.subarray(0, 2).toString()).toBe('PK');
  await expect(card.getByRole('link', { name: 'Download for Firefox' })).toBeVisible();
});
