import { parse } from 'content-disposition';
import { describe, expect, it } from 'vitest';
import { contentDisposition, safeFileName } from './content-disposition.js';

const filenameOf = (header: string) => parse(header).parameters.filename;

describe('safeFileName', () => {
  it('keeps an ordinary name', () => {
    expect(safeFileName('Invoice 2025-11.pdf')).toBe('Invoice 2025-11.pdf');
  });

  it('drops path separators', () => {
    expect(safeFileName('../../etc/passwd')).toBe('....etcpasswd');
    expect(safeFileName('C:\\Users\\me\\report.docx')).toBe('C:Usersmereport.docx');
  });

  it('drops NUL and control characters', () => {
    expect(safeFileName('evil\0.pdf')).toBe('evil.pdf');
    expect(safeFileName('a\r\nSet-Cookie: x\t.txt')).toBe('aSet-Cookie: x.txt');
    expect(safeFileName('bell\u0007\u007f\u0085.txt')).toBe('bell.txt');
  });

  it('drops bidi overrides and marks that disguise the extension', () => {
    expect(safeFileName('invoice\u202Efdp.exe')).toBe('invoicefdp.exe');
    expect(safeFileName('\u200Fa\u200Eb\u202A\u202B\u202C\u202D\u2066\u2067\u2068\u2069c.txt')).toBe(
      'abc.txt',
    );
  });

  it('keeps emoji and other scripts, but drops unpaired surrogates', () => {
    expect(safeFileName('📄 Plan 🎉.docx')).toBe('📄 Plan 🎉.docx');
    expect(safeFileName('日本語.pdf')).toBe('日本語.pdf');
    expect(safeFileName('a\uD800b.txt')).toBe('ab.txt');
  });

  it('caps the length at 200 characters and keeps the extension', () => {
    const name = safeFileName(`${'x'.repeat(1000)}.pdf`);
    expect(name).toHaveLength(200);
    expect(name.endsWith('x.pdf')).toBe(true);
    const emoji = safeFileName(`${'🎉'.repeat(1000)}.txt`);
    expect(Array.from(emoji)).toHaveLength(200);
    expect(emoji.endsWith('🎉.txt')).toBe(true);
    expect(safeFileName('y'.repeat(1000))).toBe('y'.repeat(200));
  });

  it('falls back to "download" when nothing usable is left', () => {
    expect(safeFileName('')).toBe('download');
    expect(safeFileName(null)).toBe('download');
    expect(safeFileName('\0\u202E/')).toBe('download');
    expect(safeFileName('..')).toBe('download');
    expect(safeFileName('   ')).toBe('download');
  });
});

describe('contentDisposition', () => {
  it('gives a plain filename for ASCII names', () => {
    expect(contentDisposition('report.pdf', 'attachment')).toBe('attachment; filename=report.pdf');
    expect(contentDisposition('a "quoted" name.txt', 'inline')).toBe(
      'inline; filename="a \\"quoted\\" name.txt"',
    );
  });

  it('adds an ASCII fallback and filename* in UTF-8 for other names', () => {
    const header = contentDisposition('📄 Plan.docx', 'attachment');
    expect(header).toBe(`attachment; filename="?? Plan.docx"; filename*=UTF-8''%F0%9F%93%84%20Plan.docx`);
    expect(filenameOf(header)).toBe('📄 Plan.docx');
  });

  it('only ever emits a single header-safe line', () => {
    for (const name of ['../x\r\ny', '\0', 'z'.repeat(1000), 'ok\u202Etxt.exe', 'é']) {
      const header = contentDisposition(name, 'attachment');
      expect(header).toMatch(/^attachment; [\x20-\x7e]+$/);
    }
    expect(filenameOf(contentDisposition('../x\r\ny', 'inline'))).toBe('..xy');
  });
});
