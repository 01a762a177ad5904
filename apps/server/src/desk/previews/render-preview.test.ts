import * as XLSX from '@e965/xlsx';
import {
  MIME_DOCX,
  MIME_ODS,
  MIME_ODT,
  MIME_XLSX,
  PREVIEW_MAX_ROWS,
  PREVIEW_MAX_TEXT_CHARS,
} from '@easio/shared';
import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { sampleDocx } from '../../test/sample-files.js';
import { sanitizeDocumentHtml } from './document-html.js';
import { MAX_RENDERED_BYTES, renderPreview } from './render-preview.js';

const file = (name: string, mimeType: string, bytes: Buffer) => ({
  name,
  mimeType,
  size: bytes.length,
  read: async (max: number) => bytes.subarray(0, max),
});

const PIXEL =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

function sampleOdt(): Buffer {
  const content = `<?xml version="1.0" encoding="UTF-8"?>
<office:document-content xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" xmlns:fo="urn:oasis:names:tc:opendocument:xmlns:xsl-fo-compatible:1.0" xmlns:xlink="http://www.w3.org/1999/xlink" xmlns:draw="urn:oasis:names:tc:opendocument:xmlns:drawing:1.0"><office:automatic-styles><style:style style:name="T1" style:family="text"><style:text-properties fo:font-weight="bold"/></style:style><style:style style:name="T2" style:family="text"><style:text-properties fo:font-style="italic"/></style:style></office:automatic-styles><office:body><office:text><text:h text:outline-level="2">Minutes &amp; notes</text:h><text:p>We met <text:span text:style-name="T1">on time</text:span> and <text:span text:style-name="T2">left</text:span>.<text:note><text:note-body><text:p>A footnote</text:p></text:note-body></text:note></text:p><text:list><text:list-item><text:p>Budget</text:p></text:list-item><text:list-item><text:p>Garden</text:p></text:list-item></text:list><table:table><table:table-row><table:table-cell table:number-columns-spanned="2"><text:p>Both</text:p></table:table-cell><table:covered-table-cell/></table:table-row></table:table><text:p><text:a xlink:href="https://example.org/plan">The plan</text:a><text:line-break/>Second<text:s text:c="2"/>line</text:p><text:p><draw:frame><draw:image xlink:href="Pictures/dot.png"/></draw:frame></text:p><text:p>&lt;script&gt;alert(1)&lt;/script&gt;</text:p></office:text></office:body></office:document-content>`;
  return Buffer.from(
    zipSync({
      mimetype: strToU8('application/vnd.oasis.opendocument.text'),
      'content.xml': strToU8(content),
      'Pictures/dot.png': Buffer.from(PIXEL, 'base64'),
    }),
  );
}

function workbook(bookType: 'xlsx' | 'ods'): Buffer {
  const book = XLSX.utils.book_new();
  const rows = [['Month', 'Total'], ...Array.from({ length: 600 }, (_, i) => [`M${i + 1}`, i * 10])];
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), 'Budget');
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([['Only', 'this']]), 'Notes');
  return XLSX.write(book, { type: 'buffer', bookType }) as Buffer;
}

describe('renderPreview', () => {
  it('renders a Word document as HTML', async () => {
    const preview = await renderPreview(file('letter.docx', MIME_DOCX, sampleDocx(['Dear Ann,', 'Thanks.'])));
    expect(preview).toEqual({ kind: 'html', html: '<p>Dear Ann,</p><p>Thanks.</p>', truncated: false });
  });

  it('renders an OpenDocument text: headings, emphasis, lists, tables, links and its pictures, no notes', async () => {
    const preview = await renderPreview(file('minutes.odt', MIME_ODT, sampleOdt()));
    expect(preview.kind).toBe('html');
    const html = preview.kind === 'html' ? preview.html : '';
    expect(html).toContain('<h2>Minutes &amp; notes</h2>');
    expect(html).toContain('<p>We met <strong>on time</strong> and <em>left</em>.</p>');
    expect(html).toContain('<ul><li><p>Budget</p></li><li><p>Garden</p></li></ul>');
    expect(html).toContain('<td colspan="2"><p>Both</p></td>');
    expect(html).toContain(
      '<a href="https://example.org/plan" target="_blank" rel="noopener noreferrer nofollow">The plan</a><br />Second  line',
    );
    expect(html).toContain(`<img src="data:image/png;base64,${PIXEL}" alt="" />`);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).not.toContain('footnote');
  });

  it('renders Markdown without letting HTML, scripts or remote pictures through', async () => {
    const md = [
      '# Plan',
      '',
      '<script>alert(1)</script>',
      '',
      '![tracker](https://tracker.example/pixel.gif) [site](https://example.org) [bad](javascript:alert(1))',
      '',
      '| a | b |',
      '|---|---|',
      '| 1 | 2 |',
      '',
      '```ts',
      'const x = 1;',
      '```',
    ].join('\n');
    const preview = await renderPreview(file('plan.md', 'text/markdown', Buffer.from(md)));
    const html = preview.kind === 'html' ? preview.html : '';
    expect(html).toContain('<h1>Plan</h1>');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).not.toMatch(/<script|<img|tracker\.example|href="javascript/);
    expect(html).toContain(
      '<a href="https://example.org" target="_blank" rel="noopener noreferrer nofollow">site</a>',
    );
    expect(html).toContain('<td>1</td>');
    expect(html).toContain('<code class="language-ts">const x = 1;');
  });

  it.each([
    ['budget.xlsx', MIME_XLSX],
    ['budget.ods', MIME_ODS],
  ])('shows the first rows of the first sheets of %s, and how many there are', async (name, mime) => {
    const preview = await renderPreview(file(name, mime, workbook(mime === MIME_XLSX ? 'xlsx' : 'ods')));
    if (preview.kind !== 'table') throw new Error(`not a table: ${preview.kind}`);
    expect(preview.total_sheets).toBe(2);
    const [budget, notes] = preview.sheets;
    expect(budget?.name).toBe('Budget');
    expect(budget?.rows[0]).toEqual(['Month', 'Total']);
    expect(budget?.rows[2]).toEqual(['M2', '10']);
    expect(budget?.rows).toHaveLength(PREVIEW_MAX_ROWS);
    expect(budget?.total_rows).toBe(601);
    expect(budget?.total_columns).toBe(2);
    expect(notes).toEqual({ name: 'Notes', rows: [['Only', 'this']], total_rows: 1, total_columns: 2 });
  });

  it('keeps CSV cells as written, and reads tab-separated files', async () => {
    const csv = await renderPreview(
      file('people.csv', 'text/csv', Buffer.from('\uFEFFid,name,joined\n007,"Lee, Ann",2024-01-02\n')),
    );
    expect(csv).toMatchObject({
      kind: 'table',
      total_sheets: 1,
      sheets: [
        {
          rows: [
            ['id', 'name', 'joined'],
            ['007', 'Lee, Ann', '2024-01-02'],
          ],
          total_rows: 2,
        },
      ],
    });
    const tsv = await renderPreview(file('people.tsv', 'text/plain', Buffer.from('a\tb\n1\t2\n')));
    expect(tsv).toMatchObject({
      kind: 'table',
      sheets: [
        {
          rows: [
            ['a', 'b'],
            ['1', '2'],
          ],
        },
      ],
    });
  });

  it('shows code and text as text, cut where it says so', async () => {
    expect(await renderPreview(file('main.py', 'text/plain', Buffer.from('print("hi")\n')))).toEqual({
      kind: 'text',
      text: 'print("hi")\n',
      code: true,
      truncated: false,
    });
    const long = Buffer.from('é'.repeat(PREVIEW_MAX_TEXT_CHARS + 10));
    const cut = await renderPreview(file('notes.txt', 'text/plain', long));
    expect(cut).toMatchObject({ kind: 'text', code: false, truncated: true });
    expect(cut.kind === 'text' && cut.text.length).toBe(PREVIEW_MAX_TEXT_CHARS);
  });

  it('says in plain words why there is no preview', async () => {
    const broken = await renderPreview(
      file('letter.docx', MIME_DOCX, Buffer.from('PK\u0003\u0004 not really')),
    );
    expect(broken).toEqual({
      kind: 'unavailable',
      reason: 'unreadable',
      message:
        'This Word document could not be read: it may be damaged or not really a .docx file. Download it to open it in another app.',
    });
    expect(await renderPreview(file('a.zip', 'application/zip', Buffer.from('PK')))).toMatchObject({
      kind: 'unavailable',
      reason: 'unsupported',
      message: "This file can't be shown here. Download it to open it in another app.",
    });
    const huge = { ...file('big.xlsx', MIME_XLSX, Buffer.alloc(0)), size: MAX_RENDERED_BYTES + 1 };
    expect(await renderPreview(huge)).toMatchObject({ kind: 'unavailable', reason: 'too_large' });
  });
});

describe('sanitizeDocumentHtml', () => {
  it('keeps structure and carried pictures, and drops scripts, handlers, styles, frames and remote loads', () => {
    const html = sanitizeDocumentHtml(
      `<h1 onclick="x()">T</h1><script>alert(1)</script><style>body{background:url(https://x.example/a)}</style><iframe src="https://x.example"></iframe><img src="https://x.example/p.gif"><img src="data:image/png;base64,${PIXEL}"><img src="data:image/svg+xml;base64,PHN2Zz4="><a href="javascript:alert(1)">j</a><form><input></form><p style="background:url(https://x.example/b)">p</p>`,
    );
    expect(html).toBe(
      `<h1>T</h1><img src="data:image/png;base64,${PIXEL}" /><a target="_blank" rel="noopener noreferrer nofollow">j</a><p>p</p>`,
    );
  });
});
