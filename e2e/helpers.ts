import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, type Page } from '@playwright/test';

export const PASSWORD = 'secret12#';

let n = 0;
export function uniqueUser() {
  n += 1;
  const tag = `${Date.now().toString(36)}${process.pid.toString(36)}${n}`;
  return { username: `e2e_${tag}`, email: `e2e_${tag}@example.com`, password: PASSWORD };
}

/** An account made through the API, for journeys that start signed out with an existing user. */
export async function createUser(request: APIRequestContext) {
  const user = uniqueUser();
  const res = await request.post('/api/auth/signup', {
    data: { username: user.username, email: user.email, hashed_password: user.password, region: 'IN' },
  });
  expect(res.status()).toBe(200);
  return user;
}

export async function signIn(page: Page, login: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Username (e-mail)').fill(login);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** A new account, signed in, on its desk. */
export async function signedInNewUser(page: Page, request: APIRequestContext) {
  const user = await createUser(request);
  await signIn(page, user.email, user.password);
  await expect(page).toHaveURL(/\/my-desk/);
  return user;
}

/** Fills the signup wizard's first step (country India) and the second (these services), ending on step 3. */
export async function signUpToStep3(page: Page, user: ReturnType<typeof uniqueUser>, services: string[]) {
  await page.goto('/signup');
  await page.getByLabel('Username').fill(user.username);
  await page.getByLabel('Email').fill(user.email);
  await page.getByRole('combobox', { name: 'Region' }).fill('India');
  await page.getByRole('option', { name: /India \(\+91\)/ }).click();
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByLabel('Confirm password').fill(user.password);
  await page.getByRole('button', { name: 'Next Step' }).click();
  for (const service of services) await page.getByRole('checkbox', { name: service }).check();
  await page.getByRole('button', { name: 'Next Step' }).click();
}

/** A row of the desk's list by the object's name. */
export const row = (page: Page, name: string) =>
  page.getByRole('row').filter({ has: page.getByRole('checkbox', { name: `Select ${name}`, exact: true }) });

/**
 * Form controls without an accessible name, and other serious or critical WCAG A/AA problems (in `within`,
 * when given). Frames sandboxed without scripts (the e-mail and document views) are left out: axe cannot
 * run inside them, and would wait for them until the test times out.
 */
export async function violations(page: Page, within?: string) {
  const builder = new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa'])
    .exclude('iframe[sandbox]:not([sandbox~="allow-scripts"])');
  const { violations } = await (within ? builder.include(within) : builder).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** Opens the filing suggestions beside the desk (closed until the user opens them) and returns them. */
export async function openSuggestions(page: Page) {
  const toggle = page.getByRole('button', { name: /^Suggestions/ });
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  const panel = page.getByRole('region', { name: 'Filing suggestions' });
  await expect(panel).toBeVisible();
  return panel;
}
