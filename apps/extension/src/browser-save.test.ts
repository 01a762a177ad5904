import { describe, expect, it } from 'vitest';
import {
  browserSave,
  NOT_A_WEB_LINK,
  NOT_A_WEB_PAGE,
  NOTHING_SELECTED,
  type PageProbe,
} from './browser-save';
import type { PageInfo } from './page-info';

const blocked = (): Promise<never> => Promise.reject(new Error('Cannot access contents of the page'));
/** A page where scripts cannot run: the web stores, the PDF viewer. */
const noScripts: PageProbe = { page: blocked, selection: blocked, linkText: blocked };
function readable(page: Partial<PageInfo>, links: Record<string, string> = {}): PageProbe {
  const info = { url: '', title: '', description: '', favicon: '', selection: '', ...page };
  return {
    page: async () => info,
    selection: async () => info.selection,
    linkText: async (url) => links[url] ?? '',
  };
}
const article = { url: 'https://news.example/story', title: 'The story' };

describe('saving from the context menu and the shortcut', () => {
  it('reads the page when it can', async () => {
    const built = await browserSave(
      { what: 'page', tab: article },
      readable({ url: article.url, title: 'The story (og)', description: 'What happened' }),
    );
    expect(built).toMatchObject({
      save: { kind: 'page', title: 'The story (og)', description: 'What happened' },
    });
  });

  it('falls back to the tab’s address and title where scripts cannot run', async () => {
    const store = { url: 'https://chromewebstore.google.com/detail/x', title: 'An extension' };
    expect(await browserSave({ what: 'page', tab: store }, noScripts)).toMatchObject({
      save: { kind: 'page', url: store.url, title: 'An extension' },
    });
  });

  it('says clearly when a page cannot be saved at all', async () => {
    for (const url of ['chrome://settings', 'about:addons', 'file:///home/me/a.pdf', undefined])
      expect(await browserSave({ what: 'page', tab: { url, title: 'x' } }, noScripts)).toEqual({
        refusal: NOT_A_WEB_PAGE,
      });
    expect(
      await browserSave(
        { what: 'selection', tab: { url: 'chrome://newtab' }, selectionText: 'x' },
        noScripts,
      ),
    ).toEqual({ refusal: NOT_A_WEB_PAGE });
  });

  it('refuses a mailto: or javascript: link instead of saving the page', async () => {
    for (const linkUrl of ['mailto:someone@example.org', 'javascript:void(0)', undefined])
      expect(await browserSave({ what: 'link', tab: article, linkUrl }, readable(article))).toEqual({
        refusal: NOT_A_WEB_LINK,
      });
  });

  it('names a link by its text: given (Firefox), read from the page (Chromium), else its address', async () => {
    const linkUrl = 'https://example.org/report';
    const given = await browserSave(
      { what: 'link', tab: article, linkUrl, linkText: ' Annual report ' },
      noScripts,
    );
    expect(given).toMatchObject({ save: { url: linkUrl, title: 'Annual report' } });
    const read = await browserSave(
      { what: 'link', tab: article, linkUrl },
      readable(article, { [linkUrl]: 'The report, 2025' }),
    );
    expect(read).toMatchObject({ save: { title: 'The report, 2025' } });
    expect(await browserSave({ what: 'link', tab: article, linkUrl }, noScripts)).toMatchObject({
      save: { title: linkUrl },
    });
  });

  it('keeps the line breaks of a selection read in the page, else takes the menu’s text', async () => {
    const lines = 'First line\nSecond line';
    expect(
      await browserSave(
        { what: 'selection', tab: article, selectionText: 'First line Second line' },
        readable({ ...article, selection: lines }),
      ),
    ).toMatchObject({ save: { kind: 'selection', text: lines, url: article.url, title: 'The story' } });
    expect(
      await browserSave(
        { what: 'selection', tab: article, selectionText: 'First line Second line' },
        noScripts,
      ),
    ).toMatchObject({ save: { text: 'First line Second line' } });
    expect(await browserSave({ what: 'selection', tab: article, selectionText: '  ' }, noScripts)).toEqual({
      refusal: NOTHING_SELECTED,
    });
  });
});
