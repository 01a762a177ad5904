import { describe, expect, it } from 'vitest';
import { sampleDocx, sampleEmail, samplePdf } from '../test/sample-files.js';
import { extractsText, extractText, MAX_TEXT_CHARS } from './extract-text.js';
import { DOCX } from './mime.js';

describe('extractText', () => {
  it('merges the text of every page of a PDF', async () => {
    const text = await extractText(samplePdf(['Invoice 42', 'Total due: 19.99 EUR']), 'application/pdf');
    expect(text).toBe('Invoice 42\nTotal due: 19.99 EUR');
  });

  it('says what is wrong with a damaged PDF', async () => {
    await expect(extractText(Buffer.from('%PDF-1.4\nnot really a pdf'), 'application/pdf')).rejects.toThrow(
      'The PDF could not be read: Invalid PDF structure.',
    );
    const cut = samplePdf(['Invoice 42']).subarray(0, 120);
    await expect(extractText(cut, 'application/pdf')).rejects.toThrow(/^The PDF could not be read: /);
  });

  it('reads the paragraphs of a Word document', async () => {
    const text = await extractText(sampleDocx(['Lease agreement', 'Rent: 900 per month']), DOCX);
    expect(text?.trim()).toBe('Lease agreement\n\nRent: 900 per month');
  });

  it('says a damaged Word document is not a valid .docx', async () => {
    await expect(extractText(Buffer.from('PK nope'), DOCX)).rejects.toThrow(
      'The Word document could not be read: it is not a valid .docx file',
    );
  });

  it('keeps plain text, Markdown and CSV as they are, decoded as UTF-8', async () => {
    expect(await extractText(Buffer.from('Grüße\nline 2'), 'text/plain; charset=utf-8')).toBe(
      'Grüße\nline 2',
    );
    expect(await extractText(Buffer.from('# Title\n\n- item'), 'text/markdown')).toBe('# Title\n\n- item');
    expect(await extractText(Buffer.from('a,b\n1,2\n'), 'text/csv')).toBe('a,b\n1,2\n');
    expect(await extractText(Buffer.from('\uFEFFwith BOM'), 'text/plain')).toBe('with BOM');
  });

  it('decodes UTF-16 text that starts with its byte order mark', async () => {
    const le = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('Hallo Welt', 'utf16le')]);
    expect(await extractText(le, 'text/plain')).toBe('Hallo Welt');
  });

  it('takes the text of HTML without tags, scripts or styles', async () => {
    const html =
      '<html><head><title>Page</title><style>p { color: red }</style><script>alert("x")</script></head>' +
      '<body><h1>Trip plan</h1><p>Meet at <a href="https://example.com">the station</a>.</p><img src="a.png" alt="map"></body></html>';
    const text = await extractText(Buffer.from(html), 'text/html');
    expect(text).toContain('Trip plan');
    expect(text).toContain('Meet at the station.');
    expect(text).not.toMatch(/color|alert|<|example\.com|a\.png/);
  });

  it('reads the subject, sender, recipients, date and body of an e-mail', async () => {
    const text = await extractText(sampleEmail(), 'message/rfc822');
    expect(text).toBe(
      [
        'Subject: Café invoice',
        'From: "Ann Lee" <ann@example.com>',
        'To: "Bob Ray" <bob@example.com>, carol@example.com',
        'Date: 2025-01-14T09:00:00.000Z',
        '',
        'Please find the invoice for March attached.\n',
      ].join('\n'),
    );
  });

  it('answers null for types it does not read', async () => {
    expect(await extractText(Buffer.from([1, 2, 3]), 'application/zip')).toBeNull();
    expect(await extractText(Buffer.from([0xff, 0xd8]), 'image/jpeg')).toBeNull();
    expect(extractsText('application/zip')).toBe(false);
    expect(extractsText('TEXT/HTML; charset=utf-8')).toBe(true);
  });

  it('caps the text and drops NUL characters, which PostgreSQL text cannot hold', async () => {
    const long = await extractText(Buffer.from('ab\u0000'.repeat(MAX_TEXT_CHARS)), 'text/plain');
    expect(long).toHaveLength(MAX_TEXT_CHARS);
    expect(long).not.toContain('\u0000');
    // An emoji (a surrogate pair) straddling the cap is dropped whole.
    const emoji = await extractText(Buffer.from(`${'a'.repeat(MAX_TEXT_CHARS - 1)}😀`), 'text/plain');
    expect(emoji).toBe('a'.repeat(MAX_TEXT_CHARS - 1));
  });
});
