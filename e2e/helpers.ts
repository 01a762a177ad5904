import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, type Page } from '@playwright/test';

export const PASSWORD = 'Secret12#';

let n = 0;
export function uniqueUser() {
  n += 1;
  const tag = `${Date.now().toString(36)}${process.pid.toString(36)}${n}`;
  return { username: `e2e_${tag}`, email: `e2e_${tag}@example.com`, password: PASSWORD };
}

/** An account made through the API (of the suite's server, else the one at `base`), for journeys that start signed out with an existing user. */
export async function createUser(request: APIRequestContext, base = '') {
  const user = uniqueUser();
  const res = await request.post(`${base}/api/auth/signup`, {
    data: {
      username: user.username,
      email: user.email,
      hashed_password: user.password,
      region: 'IN',
      age_confirmation: 'adult',
    },
  });
  expect(res.status()).toBe(200);
  return user;
}

export async function signIn(page: Page, login: string, password: string, base = '') {
  await page.goto(`${base}/login`);
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
  await page.getByRole('radio', { name: 'I am 18 or over' }).check();
  await page.getByRole('button', { name: 'Next Step' }).click();
  for (const service of services) await page.getByRole('checkbox', { name: service }).check();
  await page.getByRole('button', { name: 'Next Step' }).click();
}

/** A row of the desk's list by the object's name. */
export const row = (page: Page, name: string) =>
  page.getByRole('row').filter({ has: page.getByRole('checkbox', { name: `Select ${name}`, exact: true }) });

/** What the suite checks: WCAG 2.0 and 2.1, levels A and AA. */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
/** Experimental rules axe leaves out unless asked: a control's name must contain the words it shows (WCAG 2.5.3). */
export const AXE_EXTRA_RULES = ['label-content-name-mismatch'];

/**
 * Waits for running transitions and animations to end (a dialog fading in has its text at partial opacity,
 * failing contrast); endless ones, like a loader's, are not waited for.
 */
export async function transitionsDone(page: Page) {
  await expect
    .poll(() =>
      page.evaluate(
        () =>
          document
            .getAnimations()
            .filter((a) => a.playState === 'running' && a.effect?.getTiming().iterations !== Infinity).length,
      ),
    )
    .toBe(0);
}

/**
 * Serious or critical WCAG 2.0/2.1 A and AA problems (in `within`, when given), each as its rule, impact,
 * node and markup. Frames sandboxed without scripts (the e-mail and document views) are left out: axe
 * cannot run inside them, and would wait for them until the test times out.
 */
export async function violations(page: Page, within?: string) {
  await transitionsDone(page);
  const builder = new AxeBuilder({ page })
    .options({ rules: Object.fromEntries(AXE_EXTRA_RULES.map((id) => [id, { enabled: true }])) })
    .withTags(AXE_TAGS)
    .exclude('iframe[sandbox]:not([sandbox~="allow-scripts"])');
  const { violations } = await (within ? builder.include(within) : builder).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) =>
      v.nodes.map((n) => `${v.id} (${v.impact}) at ${n.target.join(' ')}: ${n.html.slice(0, 300)}`),
    );
}

/** Opens the filing suggestions beside the desk (closed until the user opens them) and returns them. */
export async function openSuggestions(page: Page) {
  const toggle = page.getByRole('button', { name: /^Suggestions/ });
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  const panel = page.getByRole('region', { name: 'Filing suggestions' });
  await expect(panel).toBeVisible();
  return panel;
}
