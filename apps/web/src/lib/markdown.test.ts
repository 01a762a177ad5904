import { describe, expect, it } from 'vitest';
import { markdownToHtml } from './markdown';

describe('a note’s Markdown', () => {
  it('renders headings, emphasis, lists, code and links', () => {
    const html = markdownToHtml(
      '# Trip\n\n**Pack** _light_\n\n- passport\n- `charger`\n\n[map](https://example.com/map)',
    );
    expect(html).toContain('<h1>Trip</h1>');
    expect(html).toContain('<strong>Pack</strong> <em>light</em>');
    expect(html).toContain('<li><code>charger</code></li>');
    expect(html).toContain('<a href="https://example.com/map">map</a>');
  });

  it('keeps raw HTML as text and line breaks as breaks', () => {
    const html = markdownToHtml('<b>passport</b>\n<script>alert(1)</script>');
    expect(html).toBe('<p>&lt;b&gt;passport&lt;/b&gt;<br>\n&lt;script&gt;alert(1)&lt;/script&gt;</p>\n');
  });

  it('makes full addresses links but never a javascript: or data: link', () => {
    expect(markdownToHtml('see https://example.com/a')).toContain('<a href="https://example.com/a">');
    expect(markdownToHtml('[x](javascript:alert(1))')).not.toContain('<a');
    expect(markdownToHtml('[x](data:text/html,<script>)')).not.toContain('<a');
  });

  it('shows a picture as a link to it, never as a picture to fetch', () => {
    const html = markdownToHtml('![the tracker](https://tracker.example/pixel.png)');
    expect(html).not.toContain('<img');
    expect(html).toContain('<a href="https://tracker.example/pixel.png">Picture: the tracker</a>');
    expect(markdownToHtml('![a "quote"](https://x.example/a.png)')).toContain('Picture: a &quot;quote&quot;');
  });
});
