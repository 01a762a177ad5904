import { afterEach, describe, expect, it, vi } from 'vitest';
import { readPageInfo } from './page-info';

/** A page as the injected function sees it: just enough of document, location and window. */
function stubPage(options: {
  title: string;
  meta?: Record<string, string>;
  icon?: string;
  selection?: string;
  href?: string;
}) {
  const href = options.href ?? 'https://news.example/story?id=1';
  vi.stubGlobal('location', new URL(href));
  vi.stubGlobal('window', { getSelection: () => ({ toString: () => options.selection ?? '' }) });
  vi.stubGlobal('document', {
    title: options.title,
    querySelector(selector: string) {
      if (selector.startsWith('link')) return options.icon ? { href: options.icon } : null;
      const key = Object.keys(options.meta ?? {}).find((k) => selector.includes(`"${k}"`));
      return key ? { content: options.meta?.[key] } : null;
    },
  });
}

afterEach(() => vi.unstubAllGlobals());

describe('readPageInfo', () => {
  it("prefers the page's Open Graph title and reads its description, icon and selection", () => {
    stubPage({
      title: 'Story | News',
      meta: { 'og:title': 'The story', description: '  What happened  ' },
      icon: 'https://news.example/icon.png',
      selection: '  a quote  ',
    });
    expect(readPageInfo()).toEqual({
      url: 'https://news.example/story?id=1',
      title: 'The story',
      description: 'What happened',
      favicon: 'https://news.example/icon.png',
      selection: 'a quote',
    });
  });

  it('falls back to the document title and the site icon, with nothing selected', () => {
    stubPage({ title: 'Plain page' });
    expect(readPageInfo()).toMatchObject({
      title: 'Plain page',
      description: '',
      favicon: 'https://news.example/favicon.ico',
      selection: '',
    });
  });
});
