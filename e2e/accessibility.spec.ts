import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { createUser, signIn } from './helpers';

/** Form controls without an accessible name, and other serious or critical WCAG A/AA problems. */
async function violations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

test('public pages with forms label every field', async ({ page }) => {
  for (const [path, ready] of [
    ['/', 'Join the waitlist'],
    ['/login', 'Username (e-mail)'],
    ['/signup', 'Confirm password'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByLabel(ready)).toBeVisible();
    expect(await violations(page), path).toEqual([]);
  }
});

test('the signed-in pages label every field', async ({ page, request }) => {
  const user = await createUser(request);
  await signIn(page, user.email, user.password);
  await expect(page).toHaveURL(/\/my-desk/);
  expect(await violations(page), '/my-desk').toEqual([]);
  await page.goto('/settings');
  await expect(page.getByLabel('Full Name')).toBeVisible();
  expect(await violations(page), '/settings').toEqual([]);
});
