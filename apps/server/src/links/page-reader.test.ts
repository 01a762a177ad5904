import { describe, expect, it } from 'vitest';
import { decodePage, MAX_HTML_CHARS, MAX_PAGE_TEXT_CHARS, readPage } from './page-reader.js';

const paragraph = (n: number) =>
  `<p>Paragraph ${n} of the lighthouse story: the keeper climbs the stairs at dusk and lights the lamp.</p>`;

describe('readPage', () => {
  it('reads Open Graph facts, ranks icons, resolves addresses against <base> and keeps the article text', async () => {
    const html = `<!doctype html><html><head>
      <base href="https://cdn.example.org/site/">
      <title>Fallback title | Example</title>
      <meta property="og:title" content="  The Lighthouse
         Keeper ">
      <meta property="og:description" content="A night on the rocks.">
      <meta property="og:site_name" content="Example Stories">
      <meta property="og:image" content="img/cover.jpg">
      <link rel="icon" href="/favicon-16.png" sizes="16x16">
      <link rel="apple-touch-icon" href="touch.png">
      <link rel="icon" href="icon-64.png" sizes="64x64">
      <link rel="mask-icon" href="mask.svg">
      <script>var tracking = "never indexed";</script>
      <style>.x { color: red }</style>
    </head><body>
      <nav><a href="/">Home</a> <a href="/about">About</a></nav>
      <article><h1>The Lighthouse Keeper</h1>${[1, 2, 3, 4, 5].map(paragraph).join('')}</article>
      <footer>Copyright</footer>
    </body></html>`;
    const facts = await readPage(html, 'https://example.org/stories/lighthouse');
    expect(facts.title).toBe('The Lighthouse Keeper');
    expect(facts.description).toBe('A night on the rocks.');
    expect(facts.siteName).toBe('Example Stories');
    expect(facts.imageUrl).toBe('https://cdn.example.org/site/img/cover.jpg');
    expect(facts.iconUrls).toEqual([
      'https://cdn.example.org/site/touch.png',
      'https://cdn.example.org/site/icon-64.png',
      'https://cdn.example.org/favicon-16.png',
      'https://cdn.example.org/favicon.ico',
    ]);
    expect(facts.text).toContain('Paragraph 1 of the lighthouse story');
    // Blocks stay apart, so their words never run together for search.
    expect(facts.text).toMatch(/lamp\.\n+Paragraph 2/);
    expect(facts.text).not.toContain('never indexed');
    // The article, without the menus and footer around it.
    expect(facts.text).not.toContain('About');
    expect(facts.text).not.toContain('Copyright');
    expect(facts.text).not.toContain('color: red');
  });

  it('falls back to the <title>, the meta description and the whole body of a short page', async () => {
    const facts = await readPage(
      `<html><head><title>Order #4711 – Shop</title><meta name="description" content="Your order">
       </head><body><header>Shop menu</header><h2>Thanks</h2><p>Delivery on Tuesday.</p>
       <footer>Imprint</footer></body></html>`,
      'https://shop.example.com/orders/4711',
    );
    expect(facts.title).toBe('Order #4711 – Shop');
    expect(facts.description).toBe('Your order');
    expect(facts.siteName).toBeNull();
    expect(facts.imageUrl).toBeNull();
    expect(facts.iconUrls).toEqual(['https://shop.example.com/favicon.ico']);
    expect(facts.text).toMatch(/^Thanks\n+Delivery on Tuesday\.$/);
  });

  it('names a page without a title by its first heading, and refuses addresses that are not the web', async () => {
    const facts = await readPage(
      `<body><h1>Minutes</h1><p>Short.</p><link rel="icon" href="javascript:alert(1)">
       <meta property="og:image" content="data:image/png;base64,AAAA"></body>`,
      'http://intranet.example/minutes',
    );
    expect(facts.title).toBe('Minutes');
    expect(facts.text).toMatch(/Minutes\n+Short\./);
    expect(facts.imageUrl).toBeNull();
    expect(facts.iconUrls).toEqual(['http://intranet.example/favicon.ico']);
  });

  it('reads the article behind megabytes of scripts and styles (dropped before the HTML is cut to its cap)', async () => {
    const bundle = `<script>${'var x = "<p>not text</p>";'.repeat(100_000)}</script>`;
    const styles = `<style>${'.a{color:red}'.repeat(50_000)}</style><!-- ${'comment '.repeat(10_000)} -->`;
    const html = `<html><head><title>App page</title>${bundle}${styles}</head><body>${paragraph(1)}${paragraph(2)}</body></html>`;
    expect(html.length).toBeGreaterThan(3 * MAX_HTML_CHARS);
    const facts = await readPage(html, 'https://app.example.org/');
    expect(facts.title).toBe('App page');
    expect(facts.text).toContain('Paragraph 2 of the lighthouse story');
    expect(facts.text).not.toContain('not text');
  });

  it('keeps at most the text search indexes, and nothing PostgreSQL refuses', async () => {
    const long = `<p>${'word '.repeat(40_000)}</p><p>nul\u0000here</p>`;
    const facts = await readPage(`<body>${long}</body>`, 'https://example.org/');
    expect(facts.text?.length).toBeLessThanOrEqual(MAX_PAGE_TEXT_CHARS);
    const nul = await readPage('<body><p>nul\u0000here</p></body>', 'https://example.org/');
    expect(nul.text).toBe('nulhere');
  });
});

describe('decodePage', () => {
  it('reads the charset the answer names, else the one the page names, else UTF-8', () => {
    const latin1 = Buffer.from(
      '<html><head><meta charset="windows-1252"></head><body>Caf\xe9</body>',
      'latin1',
    );
    expect(decodePage(latin1, 'text/html')).toContain('Café');
    const sjis = Buffer.from([0x93, 0xfa, 0x96, 0x7b]); // 日本 in Shift_JIS
    expect(decodePage(sjis, 'text/html; charset=Shift_JIS')).toBe('日本');
    expect(decodePage(Buffer.from('<p>naïve</p>'), 'text/html')).toBe('<p>naïve</p>');
    expect(decodePage(Buffer.from('<p>ok</p>'), 'text/html; charset=no-such-charset')).toBe('<p>ok</p>');
    const bom = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('<p>é</p>')]);
    expect(decodePage(bom, 'text/html; charset=iso-8859-1')).toBe('<p>é</p>');
  });
});
