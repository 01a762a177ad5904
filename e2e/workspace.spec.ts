import { expect, test } from '@playwright/test';
import { tokenOf } from './desk-seed';
import { signedInNewUser } from './helpers';

test('My Workspace shows the real drawers and binders with their states and counts, and opens what changed last', async ({
  page,
  request,
}) => {
  await signedInNewUser(page, request);
  await page.getByRole('link', { name: 'My Workspace' }).click();
  await expect(page.getByText('No drawers yet')).toBeVisible();

  const headers = { authorization: `Bearer ${await tokenOf(page)}` };
  const post = async (path: string, data: Record<string, unknown>) => {
    const res = await request.post(`/api/desk/${path}`, { headers, data });
    expect(res.status()).toBe(200);
    return (await res.json()) as { id: string };
  };
  const finance = await post('folders', { data_type: 'drawer_object', name: 'Finance' });
  await post('folders', { data_type: 'drawer_object', name: 'Health' });
  const taxes = await post('folders', {
    data_type: 'binder_object',
    name: 'Tax returns',
    parent_id: finance.id,
    binder_state: 'archive',
  });
  await post('items', {
    data_type: 'note_object',
    content: 'Bank letter about the new card',
    parent_id: finance.id,
  });
  await post('items', { data_type: 'note_object', content: 'Return for 2025 filed', parent_id: taxes.id });

  await page.reload();
  const financeCard = page.getByRole('region', { name: 'Finance' });
  await expect(financeCard).toContainText('2 items · 1 binder');
  const binders = financeCard.getByRole('list', { name: 'Binders in Finance' });
  await expect(binders.getByRole('listitem')).toHaveText(/Tax returns\s*Archive\s*1 item/);
  await expect(page.getByRole('region', { name: 'Health' })).toContainText('0 items · 0 binders');

  const recent = page.getByRole('region', { name: 'Recent changes' });
  await expect(recent.getByRole('link')).toHaveText([
    'Return for 2025 filed',
    'Bank letter about the new card',
  ]);
  await expect(recent).toContainText('Note in Tax returns');

  await recent.getByRole('link', { name: 'Return for 2025 filed' }).click();
  await expect(page).toHaveURL(new RegExp(`/my-desk/my-content/${taxes.id}\\?item=`));
  await expect(page.getByRole('dialog')).toContainText('Return for 2025 filed');

  await page.goto('/my-workspace');
  await page.getByRole('link', { name: 'Tax returns' }).click();
  await expect(page).toHaveURL(new RegExp(`/my-desk/my-content/${taxes.id}$`));
  await expect(page.getByRole('heading', { name: 'Tax returns' })).toBeVisible();
});
