import { describe, expect, it } from 'vitest';
import { DeskTrainer, Engine, recommend } from './recommend.js';
import type { EngineBinder, EngineItem, FiledItem } from './types.js';

const binders: EngineBinder[] = [
  { id: 'b-inv', name: 'Invoices 2024', drawerId: 'd-fin', drawerName: 'Finance' },
  { id: 'b-pass', name: 'Passports', drawerId: 'd-travel', drawerName: 'Travel' },
  { id: 'b-gh', name: 'GitHub', drawerId: 'd-code', drawerName: 'Code' },
];

const invoice = (n: number, binderId = 'b-inv'): FiledItem => ({
  id: `inv-${String(n).padStart(3, '0')}`,
  kind: 'file_object',
  name: `Invoice_${['ACME', 'Globex', 'Initech'][n % 3]}-2024-${(n % 12) + 1}.pdf`,
  source: 'gdrive',
  mimeType: 'application/pdf',
  text: `Invoice number ${n}. Amount due for consulting services. Payment within thirty days.`,
  binderId,
});
const passport = (n: number): FiledItem => ({
  id: `pass-${n}`,
  kind: 'file_object',
  name: `Passport scan ${n}.pdf`,
  source: 'easio',
  text: 'Passport of the Republic. Nationality, date of birth, place of issue, visa pages.',
  binderId: 'b-pass',
});
const repo = (n: number): FiledItem => ({
  id: `gh-${n}`,
  kind: 'url_object',
  name: `easio/project-${n}: a repository`,
  source: 'extension',
  url: `https://github.com/easio/project-${n}`,
  binderId: 'b-gh',
});

// A skewed desk: 60 invoices, 3 passports, 4 repositories.
const filed: FiledItem[] = [
  ...Array.from({ length: 60 }, (_, i) => invoice(i)),
  ...Array.from({ length: 3 }, (_, i) => passport(i)),
  ...Array.from({ length: 4 }, (_, i) => repo(i)),
];
const unfiledOf = (items: FiledItem[]): EngineItem[] => items.map(({ binderId: _, ...rest }) => rest);

describe('the engine', () => {
  it('places items into the binder they fit, not the biggest one', () => {
    const unfiled = unfiledOf([invoice(100), passport(100), repo(100)]);
    const engine = Engine.train({ binders, filed, unfiled });
    expect(engine.rank(unfiled[0] as EngineItem)[0]?.binderId).toBe('b-inv');
    expect(engine.rank(unfiled[1] as EngineItem)[0]?.binderId).toBe('b-pass');
    expect(engine.rank(unfiled[2] as EngineItem)[0]?.binderId).toBe('b-gh');
  });

  it('trains the same from a desk given one item at a time, texts dropped once counted', () => {
    const unfiled = unfiledOf([invoice(100), passport(100), repo(100), invoice(101)]);
    const trainer = new DeskTrainer();
    // Interleaved, as pages of a database come: filed and unfiled mixed.
    filed.forEach((item, i) => {
      trainer.addFiled({ ...item });
      if (i % 20 === 0) trainer.addUnfiled(unfiled[i / 20] as EngineItem);
    });
    const streamed = trainer.train({ binders });
    const whole = Engine.train({ binders, filed, unfiled });
    const slim = unfiled.map((item) => ({ ...item, text: null }));
    expect(streamed.recommend(slim)).toEqual(whole.recommend(unfiled));
    expect(slim.map((item) => streamed.rank(item))).toEqual(unfiled.map((item) => whole.rank(item)));
  });

  it('proposes fitting items per binder, and groups the rest with made-up names', () => {
    const recipes = Array.from({ length: 4 }, (_, i) => ({
      id: `rec-${i}`,
      kind: 'note_object',
      name: `Recipe: lentil curry ${i}`,
      source: 'easio',
      text: 'Recipe for lentil curry with cumin, turmeric and coriander. Simmer the lentils.',
    }));
    const groups = recommend({
      binders,
      filed,
      unfiled: [...unfiledOf([invoice(101), invoice(102)]), ...recipes],
    });
    const invoices = groups.find((g) => g.binderId === 'b-inv');
    expect(invoices?.objectIds).toEqual(['inv-101', 'inv-102']);
    expect(invoices?.binderNameOptions[0]).toBe('Invoices 2024');
    expect(invoices?.drawerNameOptions[0]).toBe('Finance');
    const fresh = groups.find((g) => g.binderId === null);
    expect(fresh?.objectIds).toEqual(['rec-0', 'rec-1', 'rec-2', 'rec-3']);
    expect(fresh?.binderNameOptions).toContain('Recipes');
    expect(fresh?.binderNameOptions.every((n) => n.split(' ').length <= 3)).toBe(true);
  });

  it("files into the desk's own binders, empty ones too, before inventing one", () => {
    const bills = Array.from({ length: 3 }, (_, i) => ({
      id: `new-${i}`,
      kind: 'url_object',
      name: `easio/tool-${i}`,
      source: 'extension',
      url: `https://github.com/easio/tool-${i}`,
    }));
    // Nothing is filed yet: the binders are empty, their names all there is to go on.
    const engine = Engine.train({ binders, filed: [], unfiled: bills });
    const [group] = engine.recommend(bills);
    expect(group?.binderId).toBe('b-gh');
    expect(group?.objectIds).toHaveLength(3);
    expect(group?.binderNameOptions[0]).toBe('GitHub');
  });

  it('answers the same for the same desk', () => {
    const unfiled = unfiledOf([invoice(200), passport(200), repo(200), invoice(201)]);
    expect(recommend({ binders, filed, unfiled })).toEqual(
      recommend({ binders, filed, unfiled: [...unfiled].reverse() }),
    );
  });

  it('learns from one accept at once, and from a dismissal', () => {
    // A tax letter looks like an invoice until the user files one into a new Taxes binder.
    const taxes: EngineBinder = { id: 'b-tax', name: 'Taxes', drawerId: 'd-fin', drawerName: 'Finance' };
    const letter = (n: number): EngineItem => ({
      id: `tax-${n}`,
      kind: 'file_object',
      name: `Letter ${n}.pdf`,
      source: 'gdrive',
      text: 'Assessment notice. Amount due for services. Payment within thirty days.',
    });
    const form: FiledItem = {
      id: 'tax-form',
      kind: 'file_object',
      name: 'Tax return form.pdf',
      source: 'easio',
      text: 'Tax return form with deductions and refund.',
      binderId: 'b-tax',
    };
    const engine = Engine.train({
      binders: [...binders, taxes],
      filed: [...filed, form],
      unfiled: [letter(1), letter(2)],
    });
    expect(engine.rank(letter(2))[0]?.binderId).toBe('b-inv');
    engine.learn(letter(1), 'b-tax', 'accepted');
    expect(engine.rank(letter(2))[0]?.binderId).toBe('b-tax');

    const before = engine.rank(letter(2)).find((p) => p.binderId === 'b-tax')?.score ?? 0;
    engine.learn(letter(2), 'b-tax', 'dismissed');
    const after = engine.rank(letter(2)).find((p) => p.binderId === 'b-tax')?.score ?? 0;
    expect(after).toBeLessThan(before);
  });

  it('leaves an item that fits no binder for grouping', () => {
    const odd: EngineItem = {
      id: 'odd',
      kind: 'note_object',
      name: 'Birdsong',
      source: 'easio',
      text: 'nightingale',
    };
    const groups = recommend({ binders, filed, unfiled: [odd] });
    expect(groups).toHaveLength(1);
    expect(groups[0]?.binderId).toBeNull();
  });

  it('groups a new desk of a few files by what they say, not by what they all share', () => {
    const day = Date.UTC(2026, 10, 23);
    const file = (name: string, text: string): EngineItem => ({
      id: name,
      kind: 'file_object',
      name,
      source: 'easio',
      mimeType: 'text/plain',
      text,
      date: day,
    });
    const acme = (n: number) =>
      file(
        `acme-invoice-${n}.txt`,
        `ACME Corporation invoice ${n}. Amount due for cloud hosting, bank transfer.`,
      );
    const goa = (what: string) =>
      file(`goa-${what}.txt`, `Trip to Goa: ${what}. Beach hut in Palolem, Goa airport.`);
    const groups = recommend({
      binders: [],
      filed: [],
      unfiled: [acme(1), acme(2), acme(3), goa('hotel'), goa('flight')],
    });
    expect(groups.map((g) => [...g.objectIds].sort())).toEqual([
      ['acme-invoice-1.txt', 'acme-invoice-2.txt', 'acme-invoice-3.txt'],
      ['goa-flight.txt', 'goa-hotel.txt'],
    ]);
  });
});
