import { describe, expect, it } from 'vitest';
import { MAX_HTML_CHARS, MAX_STORED_HTML_CHARS, sanitizeMailHtml, storedMailHtml } from './mail-html.js';

describe('sanitizeMailHtml', () => {
  it('keeps inline pictures and drops frames, forms and styles that reach out', () => {
    const html = sanitizeMailHtml(
      '<img src="data:image/png;base64,AAAA"><iframe src="https://x"></iframe><form action="https://x"><input></form><div style="background:url(https://x)">t</div>',
    );
    expect(html).toContain('src="data:image/png;base64,AAAA"');
    expect(html).not.toMatch(/iframe|form|input|url\(/);
    expect(html).toContain('<div>t</div>');
  });

  it('keeps only raster pictures among data: sources, and cid: ones only when given', () => {
    const html = sanitizeMailHtml(
      '<img src="data:text/html;base64,PHNjcmlwdD4="><img src="data:image/svg+xml;base64,PHN2Zz4="><img src="cid:a&amp;b"><img src="cid:other"><img src="https://x/p.gif">',
      new Map([['a&b', 'data:image/gif;base64,R0lGOD']]),
    );
    expect(html).toBe('<img src="data:image/gif;base64,R0lGOD" />');
  });
});

describe('storedMailHtml', () => {
  it('takes out what reaches out or runs from HTML stored elsewhere, keeping carried pictures', () => {
    const html = storedMailHtml(
      '<p>Hi</p><img src="https://track.example/pixel.gif"><script>alert(1)</script><img src="data:image/png;base64,AAAA"><img src="cid:gone"><a href="javascript:alert(1)">x</a>',
    );
    expect(html).toBe(
      '<p>Hi</p><img src="data:image/png;base64,AAAA" /><a target="_blank" rel="noopener noreferrer nofollow">x</a>',
    );
  });

  it('leaves a message stored whole as it is, pictures and all, past the cap of a new one', () => {
    const picture = `<img src="data:image/png;base64,${'A'.repeat(100_000)}" />`;
    const sent = sanitizeMailHtml(
      `<p>${'word '.repeat(50_000)}</p><img src="cid:a"><img src="cid:b"><img src="cid:c">`,
      new Map(['a', 'b', 'c'].map((cid) => [cid, `data:image/png;base64,${'A'.repeat(100_000)}`])),
    );
    expect(sent.length).toBeGreaterThan(MAX_HTML_CHARS);
    expect(sent).toContain(picture);
    expect(storedMailHtml(sent)).toBe(sent);
  });

  it('cuts what is beyond any message', () => {
    expect(storedMailHtml(`<p>${'x'.repeat(2 * MAX_STORED_HTML_CHARS)}</p>`).length).toBe(
      MAX_STORED_HTML_CHARS,
    );
  });
});
