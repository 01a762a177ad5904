import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { minimalPdf } from './minimal-pdf.js';
import { readCorpus, shortcutUrl } from './read-corpus.js';

describe('readCorpus', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'easio-corpus-'));
    const put = async (file: string, bytes: string | Buffer) => {
      await mkdir(path.dirname(path.join(dir, file)), { recursive: true });
      await writeFile(path.join(dir, file), bytes);
    };
    await put('Finance/Invoices/acme-march.txt', 'ACME invoice for March, amount due 120 EUR.');
    await put(
      'Finance/Invoices/2024/acme-april.pdf',
      minimalPdf('ACME invoice for April, amount due 80 EUR.'),
    );
    await put('Finance/Invoices/.DS_Store', 'junk');
    await put('Finance/Invoices/.hidden/secret.txt', 'not part of the corpus');
    await put('Finance/Invoices/huge.txt', 'x'.repeat(2048));
    await put('Finance/loose.txt', 'lies in a drawer, no binder');
    await put(
      'Travel/Goa/hotel.eml',
      'From: Hotel <stay@palolem.example>\r\nSubject: Your booking in Goa\r\n\r\nSee you in December.',
    );
    await put('Travel/Goa/Beach guide.url', '[InternetShortcut]\r\nURL=https://goa.example/beaches\r\n');
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('labels each file with its drawer and binder, reading text as the product does', async () => {
    const skipped: string[] = [];
    const corpus = await readCorpus(dir, {
      maxFileBytes: 1024,
      onSkip: (file) => skipped.push(path.basename(file)),
    });
    expect(skipped).toEqual(['huge.txt']);
    const byName = new Map(corpus.map((l) => [l.item.name, l]));
    expect([...byName.keys()].sort()).toEqual([
      'Beach guide',
      'Your booking in Goa',
      'acme-april.pdf',
      'acme-march.txt',
    ]);
    expect(byName.get('acme-april.pdf')).toMatchObject({
      drawer: 'Finance',
      binder: 'Invoices',
      item: { kind: 'file_object', mimeType: 'application/pdf' },
    });
    expect(byName.get('acme-april.pdf')?.item.text).toContain('ACME invoice for April');
    // An e-mail is read as importing it would: named by its subject, its headers kept apart.
    expect(byName.get('Your booking in Goa')?.item).toMatchObject({
      kind: 'email_object',
      mimeType: 'message/rfc822',
      email: { from: 'Hotel <stay@palolem.example>', subject: 'Your booking in Goa' },
    });
    expect(byName.get('Your booking in Goa')?.item.text).toContain('See you in December.');
    expect(byName.get('Beach guide')).toMatchObject({
      drawer: 'Travel',
      binder: 'Goa',
      item: { kind: 'url_object', url: 'https://goa.example/beaches' },
    });
  });

  it('reads the address of an internet shortcut, and nothing else', () => {
    expect(shortcutUrl('[InternetShortcut]\nURL=https://a.example/x\n')).toBe('https://a.example/x');
    expect(shortcutUrl('[InternetShortcut]\nURL=javascript:alert(1)\n')).toBeNull();
  });
});
