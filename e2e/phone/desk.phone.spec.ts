import { expect, type Locator, type Page, test } from '@playwright/test';
import { seedDesk, showEightSuggestions } from '../desk-seed';
import { signedInNewUser } from '../helpers';

/** The desk's row of an item, by its name. */
const item = (page: Page, name: string) => page.getByRole('row').filter({ hasText: name });

/** A finger held on the element: the browser's pointer events of a touch, held past the long-press time. */
async function longPress(page: Page, target: Locator) {
  const box = await target.boundingBox();
  if (!box) throw new Error('not on screen');
  const at = { clientX: box.x + box.width / 2, clientY: box.y + box.height / 2 };
  await target.dispatchEvent('pointerdown', { pointerType: 'touch', isPrimary: true, button: 0, ...at });
  await page.waitForTimeout(700);
  await target.dispatchEvent('pointerup', { pointerType: 'touch', isPrimary: true, button: 0, ...at });
  await target.dispatchEvent('click', at);
}

async function newNote(page: Page, name: string) {
  const bar = page.getByRole('main');
  await bar.getByRole('button', { name: 'Add' }).tap();
  await page.getByRole('menuitem', { name: 'New note' }).tap();
  const dialog = page.getByRole('dialog', { name: 'New note' });
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('Note').fill(`${name}: written on the phone.`);
  await dialog.getByRole('button', { name: 'Create' }).tap();
  await expect(item(page, name)).toBeVisible();
}

const noSidewaysScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

test('on a phone, notes are made from the bottom bar, open with a tap, and the menu reaches the Trash', async ({
  page,
  request,
}) => {
  await signedInNewUser(page, request);
  await expect(page.getByRole('button', { name: 'Upload files' })).toBeInViewport();
  await newNote(page, 'Electricity bill October 2026 - Tata Power');

  // A tap opens the item (it does not just select it).
  await item(page, 'Electricity bill October 2026 - Tata Power').tap();
  const viewer = page.getByRole('dialog', { name: 'Electricity bill October 2026 - Tata Power' });
  await expect(viewer).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(viewer).toBeHidden();
  await expect(page.getByText('1 selected')).toHaveCount(0);

  // The sidebar is a drawer over the page.
  await page.getByRole('button', { name: 'Toggle sidebar' }).tap();
  await page.getByRole('navigation', { name: 'Sidebar' }).getByRole('link', { name: 'Trash' }).tap();
  await expect(page.getByRole('heading', { name: 'Trash' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Sidebar' })).not.toBeInViewport();
  expect(await noSidewaysScroll(page)).toBe(true);
});

test('on a phone, a long press selects; the bottom bar moves with Undo, and select mode deletes', async ({
  page,
  request,
}) => {
  await signedInNewUser(page, request);
  await page.getByRole('main').getByRole('button', { name: 'New drawer' }).tap();
  const dialog = page.getByRole('dialog', { name: 'New drawer' });
  await dialog.getByLabel('Name').fill('Home');
  await dialog.getByRole('button', { name: 'Create' }).tap();
  await expect(item(page, 'Home')).toBeVisible();
  await newNote(page, 'Rental agreement');
  await newNote(page, 'Old gas bill');
  await newNote(page, 'Expired coupon');

  await longPress(page, item(page, 'Rental agreement'));
  await expect(page.getByText('1 selected')).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  const actions = page.getByRole('toolbar', { name: 'Selected items' });
  await expect(actions).toBeInViewport();
  await actions.getByRole('button', { name: 'Move to…' }).tap();
  const move = page.getByRole('dialog', { name: 'Move to…' });
  await move.getByRole('radio', { name: 'Home' }).check();
  await move.getByRole('button', { name: 'Move' }).tap();
  const toast = page.locator('.mantine-Notification-root').filter({ hasText: '1 item moved to Home' });
  await expect(toast).toBeVisible();
  await expect(item(page, 'Rental agreement')).toHaveCount(0);
  await expect(actions).toHaveCount(0);
  await toast.getByRole('button', { name: 'Undo' }).tap();
  await expect(item(page, 'Rental agreement')).toBeVisible();

  // Select mode: taps choose instead of opening; Done leaves it.
  await page.getByRole('button', { name: 'Select', exact: true }).tap();
  await item(page, 'Old gas bill').tap();
  await item(page, 'Expired coupon').tap();
  await expect(page.getByText('2 selected')).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await actions.getByRole('button', { name: 'Delete' }).tap();
  await page.getByRole('dialog', { name: 'Delete 2 items?' }).getByRole('button', { name: 'Delete' }).tap();
  await expect(page.getByText('2 items moved to the Trash')).toBeVisible();
  await expect(item(page, 'Old gas bill')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Select', exact: true })).toBeVisible();
});

test('on a phone, the suggestions are a view of their own over the desk', async ({ page, request }) => {
  await signedInNewUser(page, request);
  const ids = await seedDesk(page, request);
  await showEightSuggestions(page, ids);
  await page.reload();
  await page.getByRole('button', { name: /^Suggestions/ }).tap();
  const sheet = page.getByRole('dialog', { name: 'Filing suggestions' });
  await expect(sheet.getByRole('article')).toHaveCount(8);
  expect(await noSidewaysScroll(page)).toBe(true);
  await sheet.getByRole('button', { name: 'Close suggestions' }).tap();
  await expect(sheet).toBeHidden();
  await expect(item(page, 'Credit card statement November')).toBeInViewport();
});

test.describe('at 360 px', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('no screen scrolls sideways', async ({ page, request }) => {
    await signedInNewUser(page, request);
    await seedDesk(page, request);
    const wide: string[] = [];
    for (const path of [
      '/my-desk/my-content',
      '/my-desk/drive',
      '/my-desk/mail',
      '/my-desk/calender',
      '/my-desk/gallery',
      '/my-desk/search?q=bill',
      '/my-source',
      '/my-workspace',
      '/trash',
      '/settings/sources',
      '/settings/permissions',
      '/settings/team',
      '/profile',
      '/profile/accounts',
      '/profile/help',
    ]) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      if (!(await noSidewaysScroll(page))) {
        // What sticks out: an absolutely placed element escapes a scroller that is not its containing block.
        const widest = await page.evaluate(() => {
          const el = Array.from(document.querySelectorAll('main *'))
            .reverse()
            .find((e) => e.getBoundingClientRect().right > window.innerWidth + 0.5);
          return `${document.documentElement.scrollWidth} px (${el ? `${el.tagName.toLowerCase()} "${el.textContent?.slice(0, 30)}"` : '?'})`;
        });
        wide.push(`${path}: ${widest}`);
      }
    }
    expect(wide).toEqual([]);
  });
});
