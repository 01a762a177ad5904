import { monthNames } from './month-names.js';
import { labelledAsOther } from './other-date-labels.js';

/**
 * Only the start of a text is read: a document's own date (an invoice's, a letter's) is in its header,
 * on the first page; dates further in are what it talks about (periods, due dates, references). About
 * three pages of text; it also keeps a 1 MB text from costing anything.
 */
export const DATE_SCAN_CHARS = 10_000;

/** Days after `today` a date may be and still count: a document dated "tomorrow" where it was written. */
const GRACE_DAYS = 1;
const MIN_YEAR = 1900;

export type DayOrder = 'DMY' | 'MDY' | 'YMD';

// Countries that write numeric dates month first, and those that write them year first
// (https://en.wikipedia.org/wiki/List_of_date_formats_by_country). All others, and no region, day first.
const MONTH_FIRST = new Set(['US', 'PR', 'GU', 'AS', 'VI', 'MP', 'UM', 'PH', 'FM', 'MH', 'PW']);
const YEAR_FIRST = new Set(['CN', 'TW', 'JP', 'KR', 'KP', 'MN', 'HU', 'LT', 'IR', 'BT']);

/** How the account's region writes an all-numeric date such as 03/04/05. */
export function dayOrderOf(region: string | null | undefined): DayOrder {
  const code = region?.toUpperCase() ?? '';
  if (MONTH_FIRST.has(code)) return 'MDY';
  if (YEAR_FIRST.has(code)) return 'YMD';
  return 'DMY';
}

export interface DateOptions {
  /** The account's region (ISO 3166-1 alpha-2), for the order of numeric dates; null: day first. */
  region?: string | null;
  /** The text's languages as tesseract codes ('eng', 'fra', 'deu', …), for month names; none: all known. */
  languages?: readonly string[];
  /** The day dates may not be after (UTC); defaults to now. */
  today?: Date;
  /** Days never taken as the document's date ('YYYY-MM-DD'), such as the owner's birthday (paperless's IGNORE_DATES). */
  ignore?: readonly string[];
}

export interface FoundDate {
  /** The day written, 'YYYY-MM-DD'. */
  date: string;
  /** The text it was read from, as written. */
  match: string;
  /** Where that text starts in the document's text. */
  index: number;
}

/** A text lower-cased with its accents removed, and where each of its characters came from. */
interface Folded {
  text: string;
  /** For each folded character, the original index it starts at; one extra entry: the end. */
  starts: number[];
  ends: number[];
}

function fold(text: string): Folded {
  let folded = '';
  const starts: number[] = [];
  const ends: number[] = [];
  let at = 0;
  for (const ch of text) {
    const out = ch.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
    for (let i = 0; i < out.length; i++) {
      starts.push(at);
      ends.push(at + ch.length);
    }
    folded += out;
    at += ch.length;
  }
  return { text: folded, starts, ends };
}

interface Candidate {
  index: number;
  end: number;
  year: number;
  month: number;
  day: number;
}

// A number inside a longer run of digits, an identifier (INV-2024-03-12) or a list of numbers
// (1.2.3.4, phone numbers written 06.12.34.56.78) is not a date.
const NOT_AFTER = String.raw`(?<![\p{L}\p{N}_]|[\p{L}\p{N}][.\/-]|\p{N}[,:])`;
const NOT_BEFORE = String.raw`(?![\p{N}]|[.,\/:-]\p{N})`;
const NUMERIC = new RegExp(
  String.raw`${NOT_AFTER}(\d{1,4})([.\/-])\s?(\d{1,2})\2\s?(\d{1,4})${NOT_BEFORE}`,
  'gu',
);
const CJK = /(\d{4})\s*[年년]\s*(\d{1,2})\s*[月월]\s*(\d{1,2})\s*[日일]?/gu;
/** Version numbers look like dates (2.10.14): a number named one is skipped. */
const VERSION_BEFORE = /(?:version|ver|release|build|rev|revision|firmware|v)\.?\s*$/u;

const daySuffix = '(?:st|nd|rd|th|er|e|o|º|ª)?';
const yearPart = String.raw`('?\d{4}|'\d{2}|\d{2})(?![\p{N}]|[.,]\p{N})`;

interface NamedPatterns {
  names: Map<string, number>;
  dayFirst: RegExp;
  monthFirst: RegExp;
}

const namedCache = new Map<string, NamedPatterns>();

function namedPatterns(languages?: readonly string[]): NamedPatterns {
  const key = languages?.join('+') ?? '*';
  const cached = namedCache.get(key);
  if (cached) return cached;
  const names = monthNames(languages);
  const alternatives = [...names.keys()].sort((a, b) => b.length - a.length).join('|');
  const month = String.raw`(${alternatives})(?!\p{L})\.?`;
  const patterns = {
    names,
    // 12 March 2024, 12th of March 2024, 12-Mar-24, 12. März 2024, 12 de marzo de 2024, 1er mars 2024
    dayFirst: new RegExp(
      String.raw`(?<![\p{N}]|\p{N}[.,\/:-])(\d{1,2})${daySuffix}\.?(?:\s+(?:of|de)\s+|[\s\/-]+|(?<=\.)\s*)${month}(?:\s+(?:de|del)\s+|,?[\s\/-]+|(?<=\.))\s*${yearPart}`,
      'gu',
    ),
    // March 12, 2024; Mar. 12 2024; March 12th, 2024; Mar-12-2024
    monthFirst: new RegExp(
      String.raw`(?<!\p{L})${month}[\s-]*(\d{1,2})${daySuffix}(?!\p{N})(?:,\s*|[\s\/-]+)('?\d{4}|'\d{2})(?![\p{N}]|[.,]\p{N})`,
      'gu',
    ),
  };
  if (namedCache.size > 50) namedCache.clear();
  namedCache.set(key, patterns);
  return patterns;
}

function yearOf(written: string, today: Date): number {
  const digits = written.replace("'", '');
  const year = Number(digits);
  if (digits.length !== 2) return year;
  // Two digits: this century unless that is in the future.
  const thisYear = today.getUTCFullYear();
  const recent = 2000 + year;
  return recent <= thisYear ? recent : 1900 + year;
}

const ORDERS: Record<DayOrder, DayOrder[]> = {
  DMY: ['DMY', 'MDY', 'YMD'],
  MDY: ['MDY', 'DMY', 'YMD'],
  YMD: ['YMD', 'DMY', 'MDY'],
};

/**
 * The order a document shows it writes numeric dates in: one date such as 25/12/2024 (only day first
 * makes it a day) settles the others (03/04/2024) when no date in it says otherwise; null when none do.
 */
function orderShownIn(matches: RegExpMatchArray[]): DayOrder | null {
  let dayFirst = false;
  let monthFirst = false;
  for (const [, a = '', , b = '', c = ''] of matches) {
    // Only with a four-digit year at the end: 24/03/12 may be year first.
    if (a.length > 2 || c.length !== 4) continue;
    const first = Number(a);
    const second = Number(b);
    if (first > 12 && first <= 31 && second >= 1 && second <= 12) dayFirst = true;
    if (second > 12 && second <= 31 && first >= 1 && first <= 12) monthFirst = true;
  }
  if (dayFirst === monthFirst) return null;
  return dayFirst ? 'DMY' : 'MDY';
}

function numericCandidates(
  folded: string,
  regionOrder: DayOrder,
  today: Date,
  plausible: (c: Candidate) => boolean,
): Candidate[] {
  const found: Candidate[] = [];
  const matches = [...folded.matchAll(NUMERIC)];
  const order = orderShownIn(matches) ?? regionOrder;
  for (const m of matches) {
    const [whole, a = '', , b = '', c = ''] = m;
    const index = m.index ?? 0;
    if (VERSION_BEFORE.test(folded.slice(Math.max(0, index - 12), index))) continue;
    const end = index + whole.length;
    let tries: { year: string; month: string; day: string }[];
    if (a.length === 4) {
      if (c.length > 2) continue;
      tries = [{ year: a, month: b, day: c }];
    } else if (a.length === 3 || c.length === 3 || c.length === 1) {
      continue;
    } else {
      // A four-digit year at the end leaves day and month; an unambiguous date reads right anyway.
      const orders = c.length === 4 ? ORDERS[order].filter((o) => o !== 'YMD') : ORDERS[order];
      tries = orders.map((o) =>
        o === 'DMY'
          ? { year: c, month: b, day: a }
          : o === 'MDY'
            ? { year: c, month: a, day: b }
            : { year: a, month: b, day: c },
      );
    }
    for (const t of tries) {
      const candidate = {
        index,
        end,
        year: yearOf(t.year, today),
        month: Number(t.month),
        day: Number(t.day),
      };
      // The first order that makes a real day is how it is written; the others are not tried.
      if (!isRealDay(candidate)) continue;
      if (plausible(candidate)) found.push(candidate);
      break;
    }
  }
  return found;
}

function namedCandidates(folded: string, languages: readonly string[] | undefined, today: Date): Candidate[] {
  const { names, dayFirst, monthFirst } = namedPatterns(languages);
  const found: Candidate[] = [];
  const add = (m: RegExpMatchArray, day: string, month: string, year: string) => {
    const index = m.index ?? 0;
    found.push({
      index,
      end: index + m[0].length,
      year: yearOf(year, today),
      month: names.get(month) ?? 0,
      day: Number(day),
    });
  };
  for (const m of folded.matchAll(dayFirst)) add(m, m[1] ?? '', m[2] ?? '', m[3] ?? '');
  for (const m of folded.matchAll(monthFirst)) add(m, m[2] ?? '', m[1] ?? '', m[3] ?? '');
  for (const m of folded.matchAll(CJK)) add(m, m[3] ?? '', '', m[1] ?? '');
  return found;
}

function cjkFix(found: Candidate[], folded: string): void {
  // The CJK form names its month by number.
  for (const c of found) {
    if (c.month !== 0) continue;
    const m = /(\d{1,2})\s*[月월]/u.exec(folded.slice(c.index, c.end));
    if (m) c.month = Number(m[1]);
  }
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
const isoOf = (c: Pick<Candidate, 'year' | 'month' | 'day'>) =>
  `${pad(c.year, 4)}-${pad(c.month)}-${pad(c.day)}`;

function isRealDay({ year, month, day }: Candidate): boolean {
  if (month < 1 || month > 12 || day < 1) return false;
  const at = new Date(Date.UTC(year, month - 1, day));
  return at.getUTCFullYear() === year && at.getUTCMonth() === month - 1 && at.getUTCDate() === day;
}

/** "–", "to", "bis", "au", … between the two dates of a range. */
const RANGE_JOINER = /^\s*(?:[-–—]|to|till|until|bis|au|al|a|tot|ate)\s*$/u;

/** Labelled as another date, or the end of a range whose start is. */
function otherDate(folded: string, candidates: Candidate[], i: number): boolean {
  const c = candidates[i];
  if (!c) return false;
  if (labelledAsOther(folded, c.index)) return true;
  const previous = candidates[i - 1];
  return (
    previous !== undefined &&
    previous.end <= c.index &&
    RANGE_JOINER.test(folded.slice(previous.end, c.index)) &&
    otherDate(folded, candidates, i - 1)
  );
}

/**
 * The first plausible date written in a text, in reading order, as paperless-ngx takes a document's
 * date: a real calendar day from 1900 up to today (a day's grace), not one of `ignore`, and not one
 * labelled as another date (due, ordered, delivered, "your letter of", …) unless there is no other.
 * Numeric dates are read in the order the document shows (another of its dates only reads as a day
 * one way, 25/12/2024), else in the region's (day first unless the region writes month or year
 * first), unless only another order makes a real day; ISO dates always year first; month names in the given
 * languages, any case, with or without accents. Only the first DATE_SCAN_CHARS characters are read.
 */
export function findDocumentDate(text: string, options: DateOptions = {}): FoundDate | null {
  const today = options.today ?? new Date();
  const latest = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() + GRACE_DAYS);
  const ignore = new Set(options.ignore ?? []);
  const plausible = (c: Candidate) =>
    c.year >= MIN_YEAR &&
    isRealDay(c) &&
    Date.UTC(c.year, c.month - 1, c.day) <= latest &&
    !ignore.has(isoOf(c));

  const head = fold(text.slice(0, DATE_SCAN_CHARS));
  const named = namedCandidates(head.text, options.languages, today);
  cjkFix(named, head.text);
  const candidates = [
    ...numericCandidates(head.text, dayOrderOf(options.region), today, plausible),
    ...named.filter(plausible),
  ].sort((x, y) => x.index - y.index || y.end - x.end);
  // A due date, an order date or the date of the letter answered may come first: passed over when
  // the text holds another date.
  const first = candidates.find((_c, i) => !otherDate(head.text, candidates, i)) ?? candidates[0];
  if (!first) return null;
  const start = head.starts[first.index] ?? 0;
  const end = head.ends[first.end - 1] ?? start;
  return { date: isoOf(first), match: text.slice(start, end), index: start };
}
