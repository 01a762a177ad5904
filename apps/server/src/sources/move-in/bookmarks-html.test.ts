import { describe, expect, it } from 'vitest';
import {
  CHROME_BOOKMARKS,
  deepBookmarks,
  FIREFOX_BOOKMARKS,
  POCKET_EXPORT,
} from '../../test/move-in-samples.js';
import { parseBookmarksHtml } from './bookmarks-html.js';
import { MoveInError, planMoveIn } from './moved-in.js';

describe('bookmarks HTML', async () => {
  it('reads folders, links, dates, tags and descriptions of a Chrome export', async () => {
    const { folders, entries } = await parseBookmarksHtml(CHROME_BOOKMARKS);
    expect(folders.map((f) => f.name)).toEqual([
      'Bookmarks bar',
      'Recipes',
      'Italian',
      'Pasta',
      'Other bookmarks',
      'Work',
    ]);
    const lasagne = entries.find((e) => e.title === 'Classic lasagne & salad');
    expect(lasagne).toMatchObject({
      url: 'https://www.bbcgoodfood.com/recipes/classic-lasagne',
      note: "Grandma's favourite, double the sauce",
      tags: ['pasta', 'dinner'],
      createdAt: new Date('2023-02-01T00:00:00Z'),
    });
    // The same address twice in one folder is one bookmark.
    expect(entries.filter((e) => e.url === 'https://github.com/')).toHaveLength(1);
    expect(entries.find((e) => e.title === 'Hacker News')?.note).toBeNull();
  });

  it('maps the browser’s own folders away: their folders are drawers, deeper folders binders named by path', async () => {
    const plan = await planMoveIn('bookmarks', await parseBookmarksHtml(CHROME_BOOKMARKS));
    expect(plan.drawers.map((d) => d.name)).toEqual(['Bookmarks bar', 'Recipes', 'Work']);
    expect(plan.binders.map((b) => b.name)).toEqual(['Italian', 'Italian › Pasta']);
    const recipes = plan.drawers.find((d) => d.name === 'Recipes');
    expect(plan.binders.every((b) => b.placeIn === recipes?.externalId)).toBe(true);
    const pasta = plan.binders.find((b) => b.name === 'Italian › Pasta');
    expect(plan.entries.find((e) => e.name === 'Cacio e pepe')?.placeIn).toBe(pasta?.externalId);
    expect(plan.failed).toEqual([
      expect.objectContaining({ name: 'Say hi', reason: expect.stringContaining('javascript:') }),
    ]);
  });

  it('keeps Firefox’s top links unfiled and leaves out its smart folders', async () => {
    const plan = await planMoveIn('bookmarks', await parseBookmarksHtml(FIREFOX_BOOKMARKS));
    expect(plan.entries.find((e) => e.name === 'Getting Started')?.placeIn).toBeUndefined();
    expect(plan.drawers.map((d) => d.name)).toEqual(['Bookmarks Toolbar', 'Travel']);
    expect(plan.failed.map((f) => f.name)).toEqual(['Most Visited']);
  });

  it('reads Pocket’s list of links', async () => {
    const { entries } = await parseBookmarksHtml(POCKET_EXPORT);
    expect(entries).toEqual([
      expect.objectContaining({ url: 'https://example.org/long-read', tags: ['reading'], folder: null }),
    ]);
  });

  it('refuses what is not a bookmarks file, and folders nested beyond any browser', async () => {
    await expect(parseBookmarksHtml('<html><body><p>Hello</p></body></html>')).rejects.toThrow(MoveInError);
    await expect(parseBookmarksHtml(deepBookmarks(10_000))).rejects.toThrow(/nested deeper than 100/);
    expect((await parseBookmarksHtml(deepBookmarks(50))).entries).toHaveLength(1);
  });

  it('gives the same keys to the same export read twice', async () => {
    const a = await parseBookmarksHtml(CHROME_BOOKMARKS);
    const b = await parseBookmarksHtml(CHROME_BOOKMARKS);
    expect(b.entries.map((e) => e.key)).toEqual(a.entries.map((e) => e.key));
    expect(new Set(a.entries.map((e) => e.key)).size).toBe(a.entries.length);
  });
});
