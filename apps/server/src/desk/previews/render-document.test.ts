import { describe, expect, it } from 'vitest';
import { odtPictureBomb, varied } from '../../test/bomb-files.js';
import { MAX_DOCUMENT_HTML_CHARS } from './document-html.js';
import { renderDocument } from './render-document.js';

describe('a document’s preview', () => {
  it('stops at the preview’s length and says so, its markup closed', async () => {
    const paragraphs = Array.from({ length: 8000 }, (_, i) => varied(150, i + 1)).join('\n\n');
    const rendered = await renderDocument({
      bytes: Buffer.from(paragraphs),
      mimeType: 'text/markdown',
      format: 'document',
    });
    expect(rendered.kind).toBe('html');
    if (rendered.kind !== 'html') return;
    expect(paragraphs.length).toBeGreaterThan(MAX_DOCUMENT_HTML_CHARS);
    expect(rendered.truncated).toBe(true);
    expect(rendered.html.length).toBeLessThanOrEqual(MAX_DOCUMENT_HTML_CHARS);
    expect(rendered.html.trimEnd().endsWith('</p>')).toBe(true);
  });

  it('refuses an OpenDocument text whose pictures unpack like a bomb before parsing it', async () => {
    await expect(
      renderDocument({
        bytes: odtPictureBomb(20, 2),
        mimeType: 'application/vnd.oasis.opendocument.text',
        format: 'document',
      }),
    ).rejects.toThrow('The file is too large once unpacked to be read here');
  });
});
