import { expect, type Page, test } from '@playwright/test';
import { seedDesk, showEightSuggestions } from './desk-seed';
import { signedInNewUser } from './helpers';

/** Rows of the desk's list wholly inside the window and inside the list's own scroller. */
async function rowsInView(page: Page) {
  return page.evaluate(() => {
    const grid = document.querySelector('[role="grid"]');
    if (!grid) return 0;
    const box = grid.getBoundingClientRect();
    const bottom = Math.min(box.bottom, window.innerHeight);
    return Array.from(grid.querySelectorAll('[role="row"][data-object-id]')).filter((row) => {
      const r = row.getBoundingClientRect();
      return r.top >= Math.max(box.top, 0) && r.bottom <= bottom + 0.5;
    }).length;
  });
}

/** How many characters of a row's name can be read (the rest cut by an ellipsis or a clamp). */
async function nameCharsShown(page: Page, full: string) {
  return page.evaluate((full) => {
    const name = Array.from(document.querySelectorAll('[role="row"][data-object-id] [data-name]')).find(
      (n) => n.textContent === full,
    );
    if (!name?.firstChild) return 0;
    const box = name.getBoundingClientRect();
    const text = name.textContent ?? '';
    const range = document.createRange();
    let shown = 0;
    for (let i = 0; i < text.length; i += 1) {
      range.setStart(name.firstChild, i);
      range.setEnd(name.firstChild, i + 1);
      const r = range.getBoundingClientRect();
      if (r.right <= box.right + 0.5 && r.bottom <= box.bottom + 0.5 && r.width > 0) shown += 1;
    }
    return shown;
  }, full);
}

/** `LAYOUT_SHOTS=dir` keeps a picture of each measured screen, to look at beside the figures. */
async function shot(page: Page, name: string) {
  const dir = process.env.LAYOUT_SHOTS;
  if (dir) await page.screenshot({ path: `${dir}/${name}.png` });
}

const noSidewaysScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

test.describe('at 1440×900', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('the listing fills the window, with eight suggestions waiting beside it', async ({
    page,
    request,
  }) => {
    await signedInNewUser(page, request);
    const ids = await seedDesk(page, request);
    await showEightSuggestions(page, ids);
    await page.reload();
    const toggle = page.getByRole('button', { name: /^Suggestions/ });
    await expect(toggle).toContainText('8');
    await expect(page.getByRole('row').filter({ hasText: 'Credit card statement November' })).toBeVisible();
    const rows = await rowsInView(page);
    await shot(page, 'desk-1440');
    test.info().annotations.push({ type: 'rows in view at 1440×900', description: String(rows) });
    expect(rows).toBeGreaterThanOrEqual(15);

    // The review opens beside the list, which keeps its rows.
    await toggle.click();
    const panel = page.getByRole('region', { name: 'Filing suggestions' });
    await expect(panel.getByRole('article')).toHaveCount(8);
    const grid = await page.getByRole('grid').boundingBox();
    const beside = await panel.boundingBox();
    expect(grid && beside && beside.x >= grid.x + grid.width - 1).toBe(true);
    await shot(page, 'desk-1440-review');
    expect(await rowsInView(page)).toBe(rows);
  });
});

test.describe('by keyboard at 1440×900', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('Tab reaches the first row in at most 15 presses from the top, and leaves the list in one', async ({
    page,
    request,
  }) => {
    await signedInNewUser(page, request);
    await seedDesk(page, request);
    await page.goto('/my-desk/my-content');
    await expect(page.getByRole('row').filter({ hasText: 'Credit card statement November' })).toBeVisible();
    const onRow = () =>
      page.evaluate(() => document.activeElement?.matches('[role="row"][data-object-id]') ?? false);
    let presses = 0;
    while (!(await onRow()) && presses < 60) {
      await page.keyboard.press('Tab');
      presses += 1;
    }
    test.info().annotations.push({ type: 'Tab presses to the first row', description: String(presses) });
    expect(presses).toBeLessThanOrEqual(15);
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.closest('[role="grid"]') === null)).toBe(true);
  });
});

test.describe('at 390×844', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('the first item shows without scrolling, its name readable, and nothing scrolls sideways', async ({
    page,
    request,
  }) => {
    await signedInNewUser(page, request);
    const ids = await seedDesk(page, request);
    await showEightSuggestions(page, ids);
    await page.reload();
    // Folders come first; the first item with a long name is the one whose name must be readable.
    const first = page.getByRole('row').filter({ hasText: 'Credit card statement November' });
    await expect(first).toBeVisible();
    const box = await first.boundingBox();
    expect(box && box.y + box.height <= 844).toBe(true);
    const shown = await nameCharsShown(page, 'Credit card statement November');
    await shot(page, 'desk-390');
    test.info().annotations.push({ type: 'name characters shown at 390×844', description: String(shown) });
    expect(shown).toBeGreaterThanOrEqual(20);
    expect(await noSidewaysScroll(page)).toBe(true);
  });
});
