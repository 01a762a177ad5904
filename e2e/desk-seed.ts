import type { Recommendation } from '@easio/shared';
import { type APIRequestContext, expect, type Page } from '@playwright/test';

/** The session token the app stored at sign-in. */
export const tokenOf = (page: Page) =>
  page.evaluate(
    () => (JSON.parse(localStorage.getItem('user') ?? '{}') as { access_token: string }).access_token,
  );

const DRAWERS: Record<string, string[]> = {
  Finance: ['Bank statements 2026', 'Tax returns'],
  Health: ['Prescriptions and lab results'],
  Home: ['Rental agreement and utilities', 'Appliance manuals'],
  Travel: ['Goa trip December'],
  Work: ['Payslips', 'Contracts and offer letters'],
};

const ITEM_NAMES = [
  'Screenshot 2026-11-02 at 10.14.22',
  'Electricity bill October 2026 - Tata Power',
  'Passport renewal appointment confirmation',
  'Apartment lease agreement signed copy',
  'Blood test results Dr. Mehta clinic',
  'Flight tickets Mumbai to Goa 14 December',
  'Payslip November 2026 ACME Corporation',
  'Income tax return acknowledgement AY 2026-27',
  'Washing machine warranty card',
  'Car insurance policy renewal 2027',
  'Recipe for grandmother’s dal makhani',
  'Meeting notes product roadmap Q1',
  'Gym membership invoice',
  'School fees receipt term 2',
  'Home loan sanction letter HDFC',
  'Mutual fund statement quarterly',
  'Wedding invitation Priya and Arjun',
  'Vaccination certificate',
  'Broadband plan change request',
  'Credit card statement November',
];

/** A desk as a person has it after a few weeks: 5 drawers, 8 binders, 20 notes lying on the desk. */
export async function seedDesk(page: Page, request: APIRequestContext) {
  return seedDeskAs(await tokenOf(page), request);
}

/** The same desk, for the account whose session token is given. */
export async function seedDeskAs(token: string, request: APIRequestContext) {
  const headers = { authorization: `Bearer ${token}` };
  const post = async (path: string, data: Record<string, unknown>) => {
    const res = await request.post(`/api/desk/${path}`, { headers, data });
    expect(res.status(), `${path} ${JSON.stringify(data)}`).toBe(200);
    return (await res.json()) as { id: string };
  };
  for (const [drawer, binders] of Object.entries(DRAWERS)) {
    const { id } = await post('folders', { data_type: 'drawer_object', name: drawer });
    for (const binder of binders)
      await post('folders', { data_type: 'binder_object', name: binder, parent_id: id });
  }
  const ids: string[] = [];
  for (const name of ITEM_NAMES) {
    const { id } = await post('items', {
      data_type: 'note_object',
      name,
      content: `${name}. Kept for my records, with the reference number and the date it arrived.`,
    });
    ids.push(id);
  }
  return ids;
}

/**
 * Eight open filing suggestions over the seeded items, as the server would list them. The layout
 * under many suggestions is what is measured, so their content is fixed rather than left to the engine.
 */
export async function showEightSuggestions(page: Page, ids: string[]) {
  const now = new Date().toISOString();
  const recs: Recommendation[] = Array.from({ length: 8 }, (_, n) => {
    const objectIds = ids.slice(n * 2, n * 2 + 2);
    return {
      id: 1000 + n,
      object_count: objectIds.length,
      object_ids: objectIds,
      drawer_name_options: ['Finance', 'Home'],
      binder_name_options: [`Suggested binder ${n + 1}`],
      tags: [],
      ignored: false,
      binder_id: null,
      score: 0.6,
      created_at: now,
      items: objectIds.map((id, i) => ({
        id,
        name: ITEM_NAMES[n * 2 + i] ?? id,
        data_type: 'note_object' as const,
        source: 'easio' as const,
        mime_type: null,
        url: null,
        item_date: now,
        thumbnail_url: null,
      })),
    };
  });
  await page.route('**/api/recommendations/list_recommendations', (route) => route.fulfill({ json: recs }));
}
