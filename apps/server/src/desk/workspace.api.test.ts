import type { DeskObject, Workspace } from '@easio/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS } from '../test/databases.js';
import { buildTestApp, signedInUser, type TestApp } from '../test/test-app.js';

type User = Awaited<ReturnType<typeof signedInUser>>;

describe.each(DB_KINDS)('My Workspace on %s', (kind) => {
  let t: TestApp;
  let me: User;
  let other: User;

  beforeAll(async () => {
    t = await buildTestApp(kind);
    me = await signedInUser(t.app);
    other = await signedInUser(t.app);
  });
  afterAll(() => t.close());

  const post = async (url: string, payload: object, user = me) => {
    const res = await t.app.inject({ method: 'POST', url: `/api/desk${url}`, headers: user.auth, payload });
    if (res.statusCode !== 200) throw new Error(`${url} → ${res.statusCode} ${res.body}`);
    return res.json() as DeskObject;
  };
  const workspace = async (user = me) => {
    const res = await t.app.inject({ method: 'GET', url: '/api/desk/workspace', headers: user.auth });
    expect(res.statusCode).toBe(200);
    return res.json() as Workspace;
  };

  it('lists the drawers and binders with their states, counts and latest changes; the Trash and other people are left out', async () => {
    const home = await post('/folders', { data_type: 'drawer_object', name: 'Home' });
    const finance = await post('/folders', { data_type: 'drawer_object', name: 'Finance' });
    const taxes = await post('/folders', {
      data_type: 'binder_object',
      name: 'Taxes 2026',
      parent_id: finance.id,
      binder_state: 'wip',
    });
    const old = await post('/folders', {
      data_type: 'binder_object',
      name: 'Taxes 2019',
      parent_id: finance.id,
      binder_state: 'archive',
    });
    await post('/items', { data_type: 'note_object', content: 'Loose note on the desk' });
    await post('/items', { data_type: 'note_object', content: 'Bank letter', parent_id: finance.id });
    const receipt = await post('/items', {
      data_type: 'note_object',
      content: 'Receipt',
      parent_id: taxes.id,
    });
    const gone = await post('/items', {
      data_type: 'note_object',
      content: 'Draft return',
      parent_id: taxes.id,
    });
    const trashed = await post('/folders', { data_type: 'drawer_object', name: 'Attic' });
    await post('/delete', { ids: [gone.id, trashed.id] });
    await post('/folders', { data_type: 'drawer_object', name: 'Not mine' }, other);

    const { drawers, recent } = await workspace();
    expect(drawers.map((d) => d.name)).toEqual(['Finance', 'Home']);
    const [fin, hom] = drawers;
    expect(fin).toMatchObject({ id: finance.id, item_count: 1 });
    expect(fin?.binders.map((b) => [b.name, b.binder_state, b.item_count])).toEqual([
      ['Taxes 2019', 'archive', 0],
      ['Taxes 2026', 'wip', 1],
    ]);
    expect(hom).toMatchObject({ id: home.id, item_count: 0, binders: [] });
    expect(old.id).toBe(fin?.binders[0]?.id);
    // The latest change in Finance is the receipt filed in its binder.
    expect(Date.parse(fin?.last_change ?? '')).toBeGreaterThanOrEqual(Date.parse(receipt.updated_at));

    expect(recent.map((c) => [c.name, c.folder_name])).toEqual([
      ['Receipt', 'Taxes 2026'],
      ['Bank letter', 'Finance'],
    ]);
    expect(recent[0]?.folder_id).toBe(taxes.id);

    expect((await workspace(other)).drawers.map((d) => d.name)).toEqual(['Not mine']);
  });

  it('asks who is signed in', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/desk/workspace' });
    expect(res.statusCode).toBe(401);
  });
});
