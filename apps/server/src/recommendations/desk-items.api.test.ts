import { type EngineItem, MAX_TEXT_CHARS } from '@easio/engine';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS } from '../test/databases.js';
import { buildTestApp, putObject, signedInUser, type TestApp } from '../test/test-app.js';
import { listUnfiled, loadDeskContext, readDeskItems } from './desk-items.js';

type User = Awaited<ReturnType<typeof signedInUser>>;

describe.each(DB_KINDS)('what generation reads of a desk on %s', (kind) => {
  let t: TestApp;
  let me: User;
  let root: string;
  let binder: string;
  let loose: string;
  const filed: string[] = [];
  const unfiled: string[] = [];
  let reading: string;
  let long: string;

  const put = (owner: User, values: Parameters<typeof putObject>[2]) => putObject(t, owner, values);

  beforeAll(async () => {
    t = await buildTestApp(kind, { env: { LOG_LEVEL: 'error' } });
    me = await signedInUser(t.app);
    const other = await signedInUser(t.app);
    root = me.info.root_folder as string;
    const drawer = await put(me, { dataType: 'drawer_object', name: 'Finance' });
    binder = await put(me, { dataType: 'binder_object', name: 'Invoices', parentId: drawer });
    // A binder straight on the desk, in no drawer: not one the engine proposes, nor learns from.
    loose = await put(me, { dataType: 'binder_object', name: 'Loose' });
    for (let i = 0; i < 5; i += 1) {
      filed.push(
        await put(me, {
          dataType: 'note_object',
          name: `Invoice ${i}`,
          content: `invoice ${i}`,
          parentId: binder,
        }),
      );
      unfiled.push(await put(me, { dataType: 'note_object', name: `Note ${i}`, content: `note ${i}` }));
    }
    long = await put(me, {
      dataType: 'file_object',
      name: 'Long.txt',
      content: 'word '.repeat(MAX_TEXT_CHARS),
    });
    unfiled.push(long);
    reading = await put(me, { dataType: 'file_object', name: 'Scan.pdf', jobState: 'pending' });
    await put(me, { dataType: 'note_object', name: 'In the loose binder', content: 'x', parentId: loose });
    await put(other, { dataType: 'note_object', name: 'Not mine', content: 'secret' });
  });
  afterAll(() => t.close());

  it('hands over every filed and unfiled item once, page after page, never a file still being read', async () => {
    const seen: { item: EngineItem; binderId: string | null }[] = [];
    const desk = { rootId: root, binderIds: [binder] };
    await readDeskItems(
      t.database.db,
      me.info.id as string,
      desk,
      (item, binderId) => seen.push({ item, binderId }),
      2,
    );
    const ids = seen.map((s) => s.item.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(
      seen
        .filter((s) => s.binderId === binder)
        .map((s) => s.item.id)
        .sort(),
    ).toEqual([...filed].sort());
    expect(
      seen
        .filter((s) => s.binderId === null)
        .map((s) => s.item.id)
        .sort(),
    ).toEqual([...unfiled].sort());
    // Only the binders asked about: the loose one (in no drawer) is not one the engine learns from.
    expect(seen.filter((s) => s.binderId === loose)).toEqual([]);
    expect(ids).not.toContain(reading);
    expect(seen.find((s) => s.item.id === long)?.item.text).toHaveLength(MAX_TEXT_CHARS);
    expect(seen.find((s) => s.item.id === filed[0])?.item).toMatchObject({
      kind: 'note_object',
      text: 'invoice 0',
    });
  });

  it('lists the unfiled items without their texts, marking the file still being read', async () => {
    const listed = await listUnfiled(t.database.db, me.info.id as string, root);
    expect(listed.map((u) => u.id).sort()).toEqual([...unfiled, reading].sort());
    expect(listed.filter((u) => u.reading).map((u) => u.id)).toEqual([reading]);
  });

  it('reads the binders in drawers only, with their drawer', async () => {
    const context = await loadDeskContext(t.database.db, me.info.id as string);
    expect(context.binders).toEqual([
      { id: binder, name: 'Invoices', drawerId: expect.any(String), drawerName: 'Finance' },
    ]);
  });
});
