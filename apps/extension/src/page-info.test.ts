import { afterEach, describe, expect, it, vi } from 'vitest';
import { findLinkText, readPageInfo, readSelection } from './page-info';

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

describe('reading a selection and a link in the page', () => {
  it('keeps the line breaks of the selection', () => {
    stubPage({ title: 'x', selection: '  First line\nSecond line  ' });
    expect(readSelection()).toBe('First line\nSecond line');
  });

  it("finds the text of the link to an address, else its image's alt text, else nothing", () => {
    const link = (href: string, innerText: string, alt?: string) => ({
      href,
      innerText,
      textContent: innerText,
      getAttribute: () => null,
      querySelector: () => (alt ? { getAttribute: () => alt } : null),
    });
    vi.stubGlobal('document', {
      querySelectorAll: () => [
        link('https://a.example/other', 'Other'),
        link('https://a.example/report', '  '),
        link('https://a.example/report', '\n  The   report\n'),
        link('https://a.example/logo', '', 'Company logo'),
      ],
    });
    expect(findLinkText('https://a.example/report')).toBe('The report');
    expect(findLinkText('https://a.example/logo')).toBe('Company logo');
    expect(findLinkText('https://a.example/missing')).toBe('');
  });
});
