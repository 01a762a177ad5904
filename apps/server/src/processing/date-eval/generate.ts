import { seededRandom } from '@easio/engine';
import { dayOrderOf } from '../document-date.js';
import { LOCALES, type Locale } from './locales.js';

/** A generated document, the day it is dated, and how that day is written in it. */
export interface Sample {
  text: string;
  /** 'YYYY-MM-DD' */
  expected: string;
  format: string;
  template: string;
  /** The account's region, and the one the document was written in. */
  region: string;
  written: string;
  language: string;
}

/** A seeded generator, so a seed always makes the same documents. */
export const seeded = seededRandom;

type Random = () => number;
const pick = <T>(random: Random, list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
const int = (random: Random, low: number, high: number) => low + Math.floor(random() * (high - low + 1));
const pad = (n: number) => String(n).padStart(2, '0');

interface Day {
  year: number;
  month: number;
  day: number;
  weekday: number;
}

function dayOf(ms: number): Day {
  const at = new Date(ms);
  return {
    year: at.getUTCFullYear(),
    month: at.getUTCMonth() + 1,
    day: at.getUTCDate(),
    weekday: at.getUTCDay(),
  };
}
const iso = (d: Day) => `${d.year}-${pad(d.month)}-${pad(d.day)}`;
const DAY_MS = 86_400_000;

/** Numeric day and month in the region's order. */
function numeric(d: Day, region: string, sep: string, { short = false, padded = true } = {}): string {
  const p = padded ? pad : String;
  const year = short ? pad(d.year % 100) : String(d.year);
  const order = dayOrderOf(region);
  if (order === 'MDY') return [p(d.month), p(d.day), year].join(sep);
  if (order === 'YMD') return [year, p(d.month), p(d.day)].join(sep);
  return [p(d.day), p(d.month), year].join(sep);
}

const ordinal = (n: number) =>
  `${n}${n % 10 === 1 && n !== 11 ? 'st' : n % 10 === 2 && n !== 12 ? 'nd' : n % 10 === 3 && n !== 13 ? 'rd' : 'th'}`;

type Writer = (d: Day, locale: Locale, region: string, random: Random) => string;

/** The ways a date is written; those bound to English are only used for English documents. */
export const FORMATS: Record<string, { writer: Writer; english?: boolean }> = {
  iso: { writer: (d) => iso(d) },
  'numeric /': { writer: (d, _l, r) => numeric(d, r, '/') },
  'numeric .': { writer: (d, _l, r) => numeric(d, r, '.') },
  'numeric -': { writer: (d, _l, r) => numeric(d, r, '-') },
  'numeric unpadded': { writer: (d, _l, r) => numeric(d, r, '/', { padded: false }) },
  'numeric 2-digit year': {
    writer: (d, _l, r, random) => numeric(d, r, pick(random, ['/', '.', '-']), { short: true }),
  },
  'long (12 March 2024)': { writer: (d, l) => l.long(d.day, l.months[d.month - 1] ?? '', d.year) },
  'abbreviated (12 Mar. 2024)': { writer: (d, l) => `${d.day} ${l.short[d.month - 1]} ${d.year}` },
  'upper case (12 MARCH 2024)': {
    writer: (d, l) => l.long(d.day, l.months[d.month - 1] ?? '', d.year).toUpperCase(),
  },
  'weekday (Tuesday, 12 March 2024)': {
    writer: (d, l) => `${l.weekdays[d.weekday]}, ${l.long(d.day, l.months[d.month - 1] ?? '', d.year)}`,
  },
  '12-Mar-2024': { writer: (d, l) => `${pad(d.day)}-${l.short[d.month - 1]?.replace('.', '')}-${d.year}` },
  'March 12, 2024': { writer: (d, l) => `${l.months[d.month - 1]} ${d.day}, ${d.year}`, english: true },
  'Mar. 12 2024': { writer: (d, l) => `${l.short[d.month - 1]}. ${d.day} ${d.year}`, english: true },
  '12th of March 2024': {
    writer: (d, l) => `${ordinal(d.day)} of ${l.months[d.month - 1]} ${d.year}`,
    english: true,
  },
  'March 12th, 2024': {
    writer: (d, l) => `${l.months[d.month - 1]} ${ordinal(d.day)}, ${d.year}`,
    english: true,
  },
  '12-Mar-24': {
    writer: (d, l) => `${pad(d.day)}-${l.short[d.month - 1]?.replace('.', '')}-${pad(d.year % 100)}`,
    english: true,
  },
};
function distractors(random: Random, locale: Locale, year: number) {
  return {
    phone: pick(random, [
      `+49 30 ${int(random, 1000000, 9999999)}`,
      `(${int(random, 200, 999)}) ${int(random, 200, 999)}-${int(random, 1000, 9999)}`,
      `${pad(int(random, 1, 9))}.${pad(int(random, 10, 99))}.${pad(int(random, 10, 99))}.${pad(int(random, 10, 99))}.${pad(int(random, 10, 99))}`,
      `0${int(random, 30, 89)}/${int(random, 100000, 999999)}`,
      `+1-${int(random, 200, 999)}-${int(random, 200, 999)}-${int(random, 1000, 9999)}`,
    ]),
    invoiceNo: pick(random, [
      `INV-${year}-${int(random, 1, 9999)}`,
      `${year}/${String(int(random, 1, 9999)).padStart(4, '0')}`,
      `RE-${year}-${pad(int(random, 1, 12))}-${int(random, 100, 999)}`,
      `${int(random, 10000, 99999)}`,
    ]),
    customerNo: `${pick(random, ['K', 'C', ''])}${int(random, 10000, 999999)}`,
    iban: `DE${int(random, 10, 99)} ${int(random, 1000, 9999)} ${int(random, 1000, 9999)} ${int(random, 1000, 9999)} ${int(random, 1000, 9999)} ${int(random, 10, 99)}`,
    vat: `VAT ${pick(random, ['DE', 'FR', 'GB'])}${int(random, 100000000, 999999999)}`,
    amount: pick(random, [
      `${int(random, 1, 999)}.${pad(int(random, 0, 99))}`,
      `${int(random, 1, 9)}.${int(random, 100, 999)},${pad(int(random, 0, 99))} €`,
      `$${int(random, 1, 9)},${int(random, 100, 999)}.${pad(int(random, 0, 99))}`,
    ]),
    quantity: `${int(random, 1, 12)} x ${int(random, 1, 99)}.${pad(int(random, 0, 99))}`,
    time: `${pad(int(random, 7, 19))}:${pad(int(random, 0, 59))}`,
    street: `${int(random, 1, 250)} ${pick(random, ['High Street', 'Hauptstraße', 'rue de la Paix', 'Calle Mayor'])}`,
    postcode: locale.postcodes(),
    version: `v${int(random, 1, 9)}.${int(random, 0, 20)}.${int(random, 0, 30)}`,
  };
}

type Template = (p: {
  locale: Locale;
  date: string;
  later: string;
  earlier: string;
  x: ReturnType<typeof distractors>;
  city: string;
}) => string;

/** Invoices and letters as their text comes out of a PDF or OCR: the date in the header, others after. */
export const TEMPLATES: Record<string, Template> = {
  'invoice, table header': ({ locale: l, date, later, x }) =>
    [
      'ACME Supplies Ltd',
      `${x.street}, ${x.postcode}`,
      `${l.words.phone}: ${x.phone}`,
      x.vat,
      '',
      l.words.invoice,
      `${l.words.invoiceNo} ${x.invoiceNo}    ${l.words.customerNo} ${x.customerNo}`,
      `${l.words.invoiceDate}: ${date}`,
      `${l.words.dueDate}: ${later}`,
      '',
      `${l.words.item}   ${x.quantity}   ${x.amount}`,
      `${l.words.total}: ${x.amount}`,
      `IBAN ${x.iban}`,
    ].join('\n'),
  'invoice, date beside the number': ({ locale: l, date, later, earlier, x }) =>
    [
      `${l.words.invoice} ${x.invoiceNo}`,
      `${l.words.invoiceDate} ${date}   ${l.words.customerNo} ${x.customerNo}`,
      `${l.words.period}: ${earlier} – ${date}`,
      `${l.words.item} ${x.amount}`,
      `${l.words.total} ${x.amount}   ${l.words.dueDate} ${later}`,
      `${l.words.phone} ${x.phone} · ${x.time}`,
    ].join('\n'),
  'invoice, order date and period first': ({ locale: l, date, earlier, later, x }) =>
    [
      `${l.words.invoice} ${x.invoiceNo}`,
      `${l.words.orderDate}: ${earlier}`,
      `${l.words.period}: ${earlier} - ${date}`,
      `${l.words.invoiceDate}: ${date}`,
      `${l.words.total} ${x.amount}   ${l.words.dueDate}: ${later}`,
    ].join('\n'),
  'letter, information block (DIN 5008)': ({ locale: l, date, earlier, x, city }) =>
    [
      `ACME GmbH · ${x.street} · ${x.postcode} ${city}`,
      `${l.words.customerNo} ${x.customerNo}`,
      `${l.words.yourLetter} ${earlier}`,
      `${l.words.phone} ${x.phone}`,
      `${l.words.date}: ${date}`,
      l.words.greeting,
      `${l.words.total} ${x.amount}`,
    ].join('\n'),
  receipt: ({ locale: l, date, x, city }) =>
    [
      `${city.toUpperCase()} MARKET`,
      `${x.street} ${x.postcode} ${city}`,
      `${l.words.phone} ${x.phone}`,
      `${date} ${x.time}`,
      `${x.quantity}`,
      `${l.words.total} ${x.amount}`,
      `POS ${x.version}`,
    ].join('\n'),
  letter: ({ locale: l, date, earlier, x, city }) =>
    [
      'Jane Smith',
      `${x.street}`,
      `${x.postcode} ${city}`,
      `${l.words.phone} ${x.phone}`,
      '',
      `${city}, ${date}`,
      '',
      `${l.words.yourLetter} ${earlier}`,
      l.words.greeting,
      `${l.words.closing}`,
    ].join('\n'),
  'letter, date on the right': ({ locale: l, date, earlier, x, city }) =>
    [
      `Customer service                                   ${date}`,
      `${x.postcode} ${city}`,
      `${l.words.customerNo} ${x.customerNo}`,
      `${l.words.yourLetter} ${earlier}`,
      l.words.greeting,
      `${l.words.total} ${x.amount}`,
      l.words.closing,
    ].join('\n'),
};

const START = Date.UTC(1995, 0, 1);
/** The share of documents written by the conventions of another region than the account's. */
export const CROSS_REGION = 0.05;
const ACCOUNT_REGIONS = ['US', 'GB', 'DE', 'FR', 'JP'];

/** `count` documents, each a random template, locale, region, day and format; the same for a seed. */
export function generate(count: number, seed: number, today: Date): Sample[] {
  const random = seeded(seed);
  const samples: Sample[] = [];
  const latest = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  const templates = Object.entries(TEMPLATES);
  for (let i = 0; i < count; i++) {
    const locale = pick(random, LOCALES);
    // Most documents follow the account's region; some come from abroad (a US account's British
    // invoice), where a numeric date is read in the account's order.
    const written = pick(random, locale.regions);
    const region = random() < CROSS_REGION ? pick(random, ACCOUNT_REGIONS) : written;
    const formats = Object.entries(FORMATS).filter(([, f]) => !f.english || locale.language === 'eng');
    const [format, { writer }] = pick(random, formats);
    const at = START + Math.floor(random() * ((latest - START) / DAY_MS)) * DAY_MS;
    const day = dayOf(at);
    // Other dates in the document are written the same way, as documents do.
    const write = (d: Day) => writer(d, locale, written, random);
    const [template, make] = pick(random, templates);
    const text = make({
      locale,
      date: write(day),
      later: write(dayOf(at + int(random, 7, 60) * DAY_MS)),
      earlier: write(dayOf(at - int(random, 3, 90) * DAY_MS)),
      x: distractors(random, locale, day.year),
      city: pick(random, locale.cities),
    });
    samples.push({ text, expected: iso(day), format, template, region, written, language: locale.language });
  }
  return samples;
}
