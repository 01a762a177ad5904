import { expect, test } from '@playwright/test';
import { violations } from './helpers';

/** The notice's anchors, in order (spec section 2). */
const ANCHORS = [
  'infocollect',
  'infouse',
  'legalbases',
  'whoshare',
  '3pwebsites',
  'cookies',
  'sociallogins',
  'intltransfers',
  'inforetain',
  'infosafe',
  'infominors',
  'privacyrights',
  'withdrawconsent',
  'DNT',
  'caresidents',
  'virginia',
  'policyupdates',
  'contact',
  'request',
];

test('every section of the privacy notice is reachable from its table of contents, in order', async ({
  page,
}) => {
  await page.goto('/privacy');
  await expect(page.getByRole('heading', { name: 'Privacy Notice', level: 1 })).toBeVisible();
  await expect(page.getByText('Last updated February 2023')).toBeVisible();
  await expect(page.getByText(/^Revised /)).toBeVisible();

  const toc = page.getByRole('navigation', { name: 'Table of contents' });
  const hrefs = await toc.getByRole('link').evaluateAll((links) => links.map((a) => a.getAttribute('href')));
  expect(hrefs).toEqual(ANCHORS.map((id) => `#${id}`));
  for (const id of ANCHORS) {
    await toc.locator(`a[href="#${id}"]`).click();
    await expect(page).toHaveURL(new RegExp(`#${id}$`));
    // The browser took the link to that section's heading (the element the address now targets).
    await expect(page.locator(':target')).toHaveAttribute('id', id);
    await expect(page.locator(':target')).toHaveRole('heading');
  }
  expect(await violations(page)).toEqual([]);
});

test('the notice states its promises, and they lead to working features', async ({ page }) => {
  await page.goto('/privacy');
  const californiaTable = page.getByRole('table');
  await expect(californiaTable.getByRole('row')).not.toHaveCount(0);
  await expect(californiaTable).toContainText('Biometric');
  for (const constant of ['15 days', '45 days', '60 days', 'once a year', 'STOP', 'UNSUBSCRIBE', 'India']) {
    await expect(page.getByText(constant, { exact: false }).first()).toBeVisible();
  }
  // Every link to another site opens in a new tab, without handing it this page.
  const outbound = page.locator('a[href^="http"]');
  expect(await outbound.count()).toBeGreaterThan(0);
  for (const link of await outbound.all()) {
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  }
  // Downloading and deleting one's data are features: the notice leads to them.
  await page.getByRole('link', { name: 'Settings › Your data' }).click();
  await expect(page).toHaveURL(/\/login/);
});
