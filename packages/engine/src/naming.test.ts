import { describe, expect, it } from 'vitest';
import { featuresOf } from './features.js';
import { binderNameOptions, drawerNameOptions, tagsFor } from './naming.js';
import { TokenCounter } from './token-counter.js';
import type { EngineItem } from './types.js';
import { Idf } from './vectors.js';

/** The names offered for a group of items, on a desk of those items and `others`. */
function names(group: EngineItem[], others: EngineItem[] = [], binderNames: string[] = []) {
  const idf = new Idf();
  const counter = new TokenCounter(idf.vocabulary);
  for (const item of [...group, ...others]) idf.addIds(counter.count(item).ids);
  return binderNameOptions(
    group.map((item) => ({ item, features: featuresOf(item) })),
    { idf, binderNames },
  );
}

let made = 0;
const item = (fields: Partial<EngineItem>): EngineItem => {
  made += 1;
  return { id: String(made), kind: 'file_object', name: '', source: 'easio', ...fields };
};
const DAY = 86_400_000;
const others = Array.from({ length: 30 }, (_, i) =>
  item({ name: `holiday photo ${i}.jpg`, text: 'beach sunset family dinner friends' }),
);

describe('binder names', () => {
  it('name what most items are about, never a word only one of them says', () => {
    const bills = [
      'Electricity bill for March, account 4471. Amount due.',
      'Electricity bill for April: amount due within 14 days.',
      'Your electricity bill. Amount due. Reading estimated. Oil price notice.',
      'Electricity bill, May. Direct debit will take the amount due.',
    ].map((text) => item({ text }));
    const options = names(bills, others);
    expect(options[0]).toBe('Bills');
    expect(options).toContain('Electricity');
    expect(options.join(' ')).not.toMatch(/oil/i);
  });

  it('add a year only when the items’ own dates or written years agree, never their upload day', () => {
    const uploadedToday = (text: string) => item({ text, date: Date.UTC(2026, 10, 20), ownDate: false });
    const recipes = [
      'Curry recipe: lentils, cumin.',
      'Recipe for dal: lentils, turmeric.',
      'Lentil soup recipe.',
    ];
    expect(names(recipes.map(uploadedToday), others).join(' ')).not.toMatch(/20\d\d/);
    const bills2025 = ['Gas bill January 2025', 'Gas bill for February 2025', 'Gas bill, March 2025'].map(
      (name) => item({ name, date: Date.UTC(2026, 0, 5) }),
    );
    expect(names(bills2025, others)).toContain('Gas Bills 2025');
    const photos = [0, 1, 2].map((d) =>
      item({ name: `IMG_${d}.jpg`, text: 'Goa beach', date: Date.UTC(2024, 1, 3) + d * DAY, ownDate: true }),
    );
    expect(names(photos, others).some((o) => o.endsWith('2024'))).toBe(true);
  });

  it('take a site’s name only from a real, shared site: never from a test or local address', () => {
    const links = (host: string) =>
      [1, 2, 3].map((i) => item({ kind: 'url_object', name: `page ${i}`, url: `https://${host}/a/${i}` }));
    expect(names(links('nowhere.easio.test'), others).join(' ')).not.toMatch(/nowhere|easio/i);
    expect(names(links('localhost'), others).join(' ')).not.toMatch(/localhost/i);
    expect(names(links('github.com'), others)).toContain('GitHub');
  });

  it('take the organisation most of the mail comes from, not a mail service', () => {
    const mail = (from: string, subject: string) =>
      item({ kind: 'email_object', source: 'mail', email: { from, subject } });
    const acme = ['Your invoice', 'Payment received', 'Statement'].map((s) =>
      mail('ACME <billing@acme.com>', s),
    );
    expect(names(acme, others)).toContain('Acme');
    const friends = ['Dinner?', 'Photos', 'Saturday'].map((s) => mail('Sam <sam@gmail.com>', s));
    expect(names(friends, others).join(' ')).not.toMatch(/gmail/i);
  });

  it('take a phrase most of the items’ names share', () => {
    const passes = ['Boarding pass LH 402', 'Boarding pass BA 117 cat', 'boarding-pass KL 1003'].map((name) =>
      item({ name }),
    );
    const options = names(passes, others);
    expect(options).toContain('Boarding Pass');
    expect(options.join(' ')).not.toMatch(/cat/i);
  });

  it('reuse a binder already on the desk, empty ones too, when the items fit it', () => {
    const tax = ['Tax return 2024 with deductions', 'Notice of tax assessment', 'Tax refund issued'].map(
      (text) => item({ text }),
    );
    expect(names(tax, others, ['Insurance', 'Taxes', 'Holidays'])[0]).toBe('Taxes');
  });
});

describe('drawer names and tags', () => {
  it('offer the drawer the group’s concept sits in, and the user’s own tags first', () => {
    const tax = ['Tax return with deductions', 'Tax refund issued', 'Tax assessment notice'].map((text) =>
      item({ text }),
    );
    const features = tax.map((t) => featuresOf(t));
    expect(drawerNameOptions(features, [])).toContain('Finance');
    const trip = ['Trip to Goa: hotel booking', 'Trip to Goa: flight to the airport'].map((text) =>
      item({ text }),
    );
    expect(
      drawerNameOptions(
        trip.map((t) => featuresOf(t)),
        [],
      )[0],
    ).toBe('Travel');
    const idf = new Idf();
    const counter = new TokenCounter(idf.vocabulary);
    for (const t of [...tax, ...others]) idf.addIds(counter.count(t).ids);
    expect(tagsFor(features, idf, ['Tax', 'Holiday'])[0]).toBe('tax');
  });
});
