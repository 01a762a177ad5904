import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { type ExportManifest, parseManifest } from './restore-manifest.js';
import { planRestore } from './restore-plan.js';

const object = (id: string, data_type: string, name: string, more: Record<string, unknown> = {}) => ({
  id,
  parent_id: 'root',
  data_type,
  name,
  tags: [],
  metadata: {},
  item_date: '2024-01-02T03:04:05.000Z',
  folder_path: 'My Desk',
  ...more,
});

async function manifest(raw: unknown): Promise<ExportManifest> {
  const parsed = await parseManifest(raw);
  if (!parsed.ok) throw new Error(parsed.detail);
  return parsed.manifest;
}

const open = async (entry: string) => Readable.from([entry]);

describe('reading easio.json', async () => {
  it('takes an export without format and version as version 1', async () => {
    expect(await manifest({ objects: [] })).toMatchObject({ version: 1, hasFileField: false });
    expect(await manifest({ format: 'easio-export', version: 1, objects: [] })).toMatchObject({
      version: 1,
      hasFileField: true,
    });
  });

  it('refuses what is not an export, with where it is wrong', async () => {
    expect(await parseManifest([])).toEqual({ ok: false, detail: 'easio.json is not an Easio export' });
    expect(await parseManifest({ objects: [{ id: 'a', data_type: 'note_object' }] })).toMatchObject({
      ok: false,
      detail: expect.stringContaining('objects.0.name'),
    });
    expect(await parseManifest({ format: 'other', objects: [] })).toMatchObject({ ok: false });
    expect(await parseManifest({ version: 2, objects: [] })).toMatchObject({
      ok: false,
      detail: expect.stringContaining('later Easio'),
    });
    const twice = object('a', 'note_object', 'A');
    expect(await parseManifest({ objects: [twice, twice] })).toMatchObject({
      ok: false,
      detail: expect.stringContaining('twice'),
    });
  });
});

describe('planning a restore', async () => {
  const root = {
    id: 'root',
    parent_id: null,
    data_type: 'root_object',
    name: 'My Desk',
    tags: [],
    metadata: {},
  };

  it('orders folders before what is in them and leaves out the desk and the trash', async () => {
    const plan = planRestore(
      await manifest({
        format: 'easio-export',
        version: 1,
        objects: [
          root,
          object('b', 'binder_object', 'Garden', { parent_id: 'd', binder_state: 'vault' }),
          object('d', 'drawer_object', 'Home'),
          object('n', 'note_object', 'Seeds', { parent_id: 'b', content: 'Basil', tags: ['x', 'x'] }),
          object('t', 'note_object', 'Old', { trashed_at: '2024-02-02T00:00:00.000Z' }),
        ],
      }),
      new Set(),
      open,
    );
    expect(plan.folderLevels.map((l) => l.map((i) => [i.externalId, i.placeIn ?? null]))).toEqual([
      [['d', null]],
      [['b', 'd']],
    ]);
    expect(plan.items).toEqual([
      expect.objectContaining({
        externalId: 'n',
        placeIn: 'b',
        content: 'Basil',
        tags: ['x'],
        sourceCreatedAt: new Date('2024-01-02T03:04:05.000Z'),
      }),
    ]);
    expect(plan.binderStates).toEqual(new Map([['b', 'vault']]));
    expect(plan.counts).toEqual({ items: 3, files: 0 });
  });

  it('reads each file from its entry, links attachments and lists files the ZIP lacks', async () => {
    const plan = planRestore(
      await manifest({
        format: 'easio-export',
        version: 1,
        objects: [
          root,
          object('m', 'email_object', 'Order', {
            metadata: { version: 'v', sync_key: 'k', client_id: 'save-1', from: 'a@b.c' },
          }),
          object('f', 'file_object', 'a.pdf', {
            sha256: 'x',
            file: 'files/My Desk/a.pdf',
            metadata: { email_id: 'm', attachment_of: 'msg' },
          }),
          object('g', 'file_object', 'gone.pdf', { sha256: 'y', file: 'files/My Desk/gone.pdf' }),
        ],
      }),
      new Set(['files/My Desk/a.pdf']),
      open,
    );
    expect(plan.items.map((i) => [i.externalId, i.metadata])).toEqual([['m', { from: 'a@b.c' }]]);
    expect(plan.attachments).toEqual([expect.objectContaining({ externalId: 'f', attachmentOf: 'm' })]);
    const body = await plan.attachments[0]?.body?.();
    expect((await body?.toArray())?.join('')).toBe('files/My Desk/a.pdf');
    expect(plan.failed).toEqual([
      { externalId: 'g', name: 'gone.pdf', reason: 'Its file is not in the export' },
    ]);
  });

  it('finds the files of an export made before `file` by folder and name, repeated names numbered', async () => {
    const plan = planRestore(
      await manifest({
        objects: [
          root,
          object('1', 'file_object', 'a.txt', { sha256: 'x' }),
          object('2', 'file_object', 'a.txt', { sha256: 'y' }),
        ],
      }),
      new Set(['files/My Desk/a.txt', 'files/My Desk/a (2).txt']),
      open,
    );
    const bodies = await Promise.all(
      plan.items.map(async (i) => (await (await i.body?.())?.toArray())?.join('')),
    );
    expect(bodies).toEqual(['files/My Desk/a.txt', 'files/My Desk/a (2).txt']);
  });
});
