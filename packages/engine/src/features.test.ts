import { describe, expect, it } from 'vitest';
import { featuresOf } from './features.js';
import { addressOf, wordsOf } from './text.js';

describe('wordsOf', () => {
  it('splits file names on case changes, digits and separators, and drops filler', () => {
    expect(wordsOf('Invoice_ACME-2024-03.pdf')).toEqual(['invoice', 'acme']);
    expect(wordsOf('InvoiceACME2024final')).toEqual(['invoice', 'acme', 'final']);
    expect(wordsOf('The report for the Müller family')).toEqual(['report', 'müller', 'family']);
  });
});

describe('addressOf', () => {
  it('reads the host without www and the decoded path', () => {
    expect(addressOf('https://www.github.com/easio/desk%20app?x=1')).toEqual({
      host: 'github.com',
      path: '/easio/desk app',
    });
    expect(addressOf('not an address')).toBeNull();
  });
});

describe('featuresOf', () => {
  it('takes the name, extension, kind, source, host, path, sender, recipients, subject, written years and tags', () => {
    const f = featuresOf({
      id: '1',
      kind: 'email_object',
      name: 'Invoice_ACME-2024-03.pdf',
      source: 'mail',
      mimeType: 'application/pdf',
      url: 'https://billing.acme.com/invoices/march',
      text: 'Payment due. Payment received.',
      tags: ['Bills'],
      date: Date.UTC(2024, 2, 15),
      email: {
        from: 'ACME Billing <billing@acme.com>',
        to: 'Me <me@home.example>, "Accounts" <accounts@home.example>',
        subject: 'Your March invoice 2024',
      },
    });
    for (const token of [
      'w:invoice',
      'w:acme',
      'x:pdf',
      'm:application',
      'k:email_object',
      's:mail',
      'h:billing.acme.com',
      'w:invoices',
      'w:march',
      'f:billing@acme.com',
      'd:acme.com',
      'r:me@home.example',
      'r:accounts@home.example',
      'y:2024',
      't:bills',
    ]) {
      expect(f.has(token), token).toBe(true);
    }
    // When it was made is weighed apart (side signals), never as words.
    expect([...f.keys()].filter((t) => t.startsWith('ym:'))).toEqual([]);
    const undated = featuresOf({
      id: '5',
      kind: 'note_object',
      name: 'x',
      source: 'easio',
      date: Date.UTC(2020, 0, 1),
    });
    expect(undated.has('y:2020')).toBe(false);
    // A word said twice counts more than once said, but less than twice as much.
    const once = featuresOf({ id: '2', kind: 'note_object', name: '', source: 'easio', text: 'payment' });
    expect(f.get('w:payment')).toBeGreaterThan(once.get('w:payment') ?? 0);
    expect(f.get('w:payment')).toBeLessThan(2 * (once.get('w:payment') ?? 0));
  });

  it('takes the folder an item had at its source as a strong hint: the whole path and its words', () => {
    const f = featuresOf({
      id: '3',
      kind: 'file_object',
      name: 'scan.pdf',
      source: 'gdrive',
      folder: 'Work/Taxes 2025',
    });
    const plain = featuresOf({
      id: '4',
      kind: 'file_object',
      name: 'scan.pdf',
      source: 'gdrive',
      text: 'taxes',
    });
    expect(f.get('fo:work/taxes 2025')).toBeGreaterThan(0);
    expect(f.get('w:taxes')).toBeGreaterThan(plain.get('w:taxes') ?? 0);
    expect(f.has('w:work')).toBe(true);
  });

  it('reads only the start of a very long text', () => {
    const long = `${'alpha '.repeat(5000)}${'omega '.repeat(10)}`;
    const f = featuresOf({ id: '3', kind: 'file_object', name: 'x', source: 'easio', text: long });
    expect(f.has('w:alpha')).toBe(true);
    expect(f.has('w:omega')).toBe(false);
  });
});
