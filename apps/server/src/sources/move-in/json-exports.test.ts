import { describe, expect, it } from 'vitest';
import { deepLinkwarden, karakeepExport, linkwardenExport } from '../../test/move-in-samples.js';
import { parseKarakeep } from './karakeep.js';
import { parseLinkwarden } from './linkwarden.js';
import { planMoveIn } from './moved-in.js';

describe('Linkwarden export', async () => {
  it('maps collections to drawers and binders, links with their description, tags and date', async () => {
    const plan = await planMoveIn('linkwarden', await parseLinkwarden(JSON.stringify(linkwardenExport())));
    expect(plan.drawers.map((d) => d.name)).toEqual(['Unorganized', 'Research']);
    expect(plan.binders.map((b) => b.name)).toEqual(['Vision', 'Vision › Detection']);
    const paper = plan.entries.find((e) => e.name === 'Attention is all you need');
    expect(paper).toMatchObject({
      dataType: 'url_note_object',
      content: 'The transformer paper',
      tags: ['ml', 'papers'],
      sourceCreatedAt: new Date('2019-05-04T12:00:00.000Z'),
      placeIn: 'linkwarden:folder:collection:2',
    });
    expect(plan.entries.find((e) => e.name === 'ResNet')?.dataType).toBe('url_object');
    expect(plan.failed).toEqual([
      expect.objectContaining({ name: 'Broken', reason: expect.stringContaining('Not a web address') }),
      expect.objectContaining({
        name: 'Scan.pdf',
        reason: 'An uploaded pdf: the export holds no file to import',
      }),
    ]);
  });

  it('refuses wrong JSON, another shape, and collections nested beyond reason', async () => {
    await expect(parseLinkwarden('{"collections": [')).rejects.toThrow(/not valid JSON/);
    await expect(parseLinkwarden('{"bookmarks": []}')).rejects.toThrow(
      /not a Linkwarden export \(collections/,
    );
    await expect(parseLinkwarden(`${'['.repeat(10_000)}${']'.repeat(10_000)}`)).rejects.toThrow(
      /nests too deeply/,
    );
    await expect(planMoveIn('linkwarden', await parseLinkwarden(deepLinkwarden(10_000)))).rejects.toThrow(
      /nested deeper than 100/,
    );
  });
});

describe('Karakeep export', async () => {
  it('maps manual lists to folders, other lists to tags, notes to notes, and lists what it cannot take', async () => {
    const plan = await planMoveIn('karakeep', await parseKarakeep(JSON.stringify(karakeepExport())));
    expect(plan.drawers.map((d) => d.name)).toEqual(['Reading', 'Read later']);
    expect(plan.binders.map((b) => b.name)).toEqual(['Rust']);
    expect(plan.entries.find((e) => e.name === 'Karakeep on GitHub')).toMatchObject({
      dataType: 'url_note_object',
      content: 'Try the browser extension',
      tags: ['self-hosted', 'tools', 'Read later'],
      placeIn: 'karakeep:folder:list:l-reading',
      sourceCreatedAt: new Date(1717243200 * 1000),
    });
    expect(plan.entries.find((e) => e.content === 'Buy oat milk and coffee beans')).toMatchObject({
      dataType: 'note_object',
      tags: ['archived'],
    });
    expect(plan.failed).toEqual([
      expect.objectContaining({
        name: 'Scanned receipt',
        reason: 'An uploaded file or image: Karakeep’s export does not hold its file',
      }),
    ]);
  });

  it('keeps no date it cannot store, and no NUL character', async () => {
    const file = {
      bookmarks: [
        {
          createdAt: 1e20,
          title: 'Far\u0000 future',
          tags: ['a\u0000b'],
          content: { type: 'link', url: 'https://example.org/' },
          note: null,
        },
      ],
    };
    const [entry] = (await planMoveIn('karakeep', await parseKarakeep(JSON.stringify(file)))).entries;
    expect(entry).toMatchObject({ name: 'Far future', tags: ['ab'], sourceCreatedAt: null });
  });

  it('refuses a file that is not a Karakeep export', async () => {
    await expect(parseKarakeep(JSON.stringify(linkwardenExport()))).rejects.toThrow(/not a Karakeep export/);
    await expect(parseKarakeep('not json')).rejects.toThrow(/not valid JSON/);
  });
});
