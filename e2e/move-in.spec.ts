import { expect, test } from '@playwright/test';
import { bigBookmarks } from '../apps/server/src/test/big-export-samples';
import { CHROME_BOOKMARKS } from '../apps/server/src/test/move-in-samples';
import { accountOn, crashableServer, importUnderWay, signInOn } from './crash-server';
import { signedInNewUser, violations } from './helpers';

test('moves a browser bookmarks file in from My Sources, listing the bookmark it could not take', async ({
  page,
  request,
}) => {
  await signedInNewUser(page, request);
  await page.goto('/my-source');
  const card = page.getByRole('region', { name: 'Import from another app' });
  const chooser = page.waitForEvent('filechooser');
  await card.getByRole('button', { name: 'Browser bookmarks (.html)' }).click();
  await (await chooser).setFiles({
    name: 'bookmarks_27_11_2026.html',
    mimeType: 'text/html',
    buffer: Buffer.from(CHROME_BOOKMARKS),
  });
  await expect(page.getByText('5 entries read, 9 items imported, 1 could not be imported')).toBeVisible();
  await card.getByRole('button', { name: /1 entry from Browser bookmarks could not be imported/ }).click();
  await expect(card.getByText('Say hi')).toBeVisible();
  await expect(card.getByText(/Not a web address/)).toBeVisible();
  expect(await violations(page), 'the card with its failures shown').toEqual([]);

  // The same file again adds nothing.
  const again = page.waitForEvent('filechooser');
  await card.getByRole('button', { name: 'Browser bookmarks (.html)' }).click();
  await (await again).setFiles({
    name: 'bookmarks_27_11_2026.html',
    mimeType: 'text/html',
    buffer: Buffer.from(CHROME_BOOKMARKS),
  });
  await expect(page.getByText(/0 items imported, 9 already on your desk/)).toBeVisible();

  await page.goto('/my-desk');
  await expect(page.getByText('Recipes', { exact: true }).first()).toBeVisible();
});

test('an import cut off by a server crash says so on My Sources with Resume, which finishes it', async ({
  page,
  request,
}) => {
  test.setTimeout(420_000);
  const server = crashableServer(2);
  try {
    await server.start();
    const user = await accountOn(request, server.base);
    const links = 3000;
    await importUnderWay(
      request,
      server.base,
      user.auth,
      {
        path: '/api/imports/bookmarks',
        name: 'bookmarks.html',
        mimeType: 'text/html',
        buffer: Buffer.from(bigBookmarks(links, 30)),
      },
      3,
    );
    await server.crash();
    await server.start();

    await signInOn(page, server.base, user);
    await page.goto(`${server.base}/my-source`);
    const card = page.getByRole('region', { name: 'Import from another app' });
    const interrupted = card.getByRole('region', {
      name: 'Import interrupted: bookmarks.html (Browser bookmarks)',
    });
    await expect(interrupted).toBeVisible();
    await expect(interrupted).toContainText('imported so far');
    await expect(interrupted).toContainText('Resume goes on from where it stopped');
    expect(await violations(page), 'an interrupted import').toEqual([]);
    for (const width of [360, 1440]) {
      await page.setViewportSize({ width, height: 900 });
      const box = await interrupted.boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= width, `the notice fits ${width} px`).toBe(true);
      const resume = interrupted.getByRole('button', { name: 'Resume' });
      await resume.scrollIntoViewIfNeeded();
      await expect(resume).toBeInViewport();
    }

    await interrupted.getByRole('button', { name: 'Resume' }).click();
    await expect(card.getByRole('region', { name: /bookmarks\.html/ })).toHaveCount(0, { timeout: 120_000 });
    const sources = await request.get(`${server.base}/api/sources`, { headers: user.auth });
    const bookmarks = (
      (await sources.json()) as { connections: { service: string; state: string; items: number }[] }
    ).connections.find((c) => c.service === 'bookmarks');
    // Every link once, with its 30 folders.
    expect(bookmarks).toMatchObject({ state: 'idle', items: links + 30 });
  } finally {
    await server.stop();
  }
});
