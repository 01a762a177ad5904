import { CONCEPTS, type Concept, conceptNamed, singular } from './concepts.js';
import type { Features } from './features.js';
import { addressOf, isNamelessHost, isStopWord, wordsOf } from './text.js';
import type { EngineItem } from './types.js';
import type { Idf } from './vectors.js';

/** Names of well-known hosts as people write them. */
const BRANDS: Record<string, string> = {
  'github.com': 'GitHub',
  'gitlab.com': 'GitLab',
  'youtube.com': 'YouTube',
  'linkedin.com': 'LinkedIn',
  'stackoverflow.com': 'Stack Overflow',
  'wikipedia.org': 'Wikipedia',
  'amazon.in': 'Amazon',
  'amazon.com': 'Amazon',
  'booking.com': 'Booking.com',
  'airbnb.com': 'Airbnb',
  'makemytrip.com': 'MakeMyTrip',
  'flipkart.com': 'Flipkart',
  'google.com': 'Google',
  'docs.google.com': 'Google Docs',
  'medium.com': 'Medium',
  'notion.so': 'Notion',
  'figma.com': 'Figma',
};

/** Mail services whose domain says nothing about who wrote (a name like "Gmail" would mislead). */
const PERSONAL_MAIL = new Set([
  'gmail.com',
  'googlemail.com',
  'outlook.com',
  'hotmail.com',
  'live.com',
  'yahoo.com',
  'icloud.com',
  'me.com',
  'proton.me',
  'protonmail.com',
  'gmx.de',
  'gmx.net',
  'web.de',
  'aol.com',
]);

/** Words that read better plural as a binder's name. */
const PLURALS: Record<string, string> = {
  invoice: 'Invoices',
  receipt: 'Receipts',
  statement: 'Statements',
  letter: 'Letters',
  photo: 'Photos',
  ticket: 'Tickets',
  contract: 'Contracts',
  payslip: 'Payslips',
  bill: 'Bills',
  report: 'Reports',
  note: 'Notes',
  screenshot: 'Screenshots',
  booking: 'Bookings',
  prescription: 'Prescriptions',
  certificate: 'Certificates',
  policy: 'Policies',
  recipe: 'Recipes',
  visit: 'Visits',
  order: 'Orders',
  game: 'Games',
};

/** A word must be in at least this share of a group's items to name it (never one odd word). */
const MIN_COVERAGE = 0.3;
/** A year, a sender or a host must be shared by this share of the items to go into a name. */
const MOST = 0.6;
/**
 * A word held by more than this share of the desk's items outside a group tells the group from the
 * rest too little to name it ("Debian" on a desk of Debian mail).
 */
const COMMON_ELSEWHERE = 0.3;

/** Whether a word `count` of a group's `size` items hold is as common on the rest of the desk. */
function commonElsewhere(token: string, count: number, size: number, idf: Idf): boolean {
  const others = idf.items - size;
  return others > 0 && (idf.holders(token) - count) / others > COMMON_ELSEWHERE;
}

const title = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

export interface NamingContext {
  idf: Idf;
  /** Names of the desk's binders a new group may be filed into by name (the empty ones), reused when it fits one. */
  binderNames: string[];
}

/** What naming reads of a group's members: their features and the item facts kept after counting. */
export interface Member {
  features: Features;
  item: EngineItem;
}

/**
 * The words most telling of a group, best first: how many of its items hold the word, against how
 * rare it is on the whole desk (coverage × (1 + log coverage + rarity)). Words in fewer than
 * `MIN_COVERAGE` of the items are left out: a word one item says names that item, not the group.
 */
export function distinctiveWords(features: Features[], idf: Idf, limit = 5): string[] {
  const holders = new Map<string, { count: number; weight: number }>();
  for (const f of features) {
    for (const [token, weight] of f) {
      if (!token.startsWith('w:')) continue;
      const h = holders.get(token);
      if (h) {
        h.count += 1;
        h.weight += weight;
      } else holders.set(token, { count: 1, weight });
    }
  }
  const n = Math.max(1, features.length);
  const minimum = Math.max(Math.min(n, 2), Math.ceil(n * MIN_COVERAGE));
  // A word and its plural are one candidate: the form more items hold speaks for it.
  const best = new Map<string, { word: string; count: number; weight: number; score: number }>();
  for (const [token, { count, weight }] of holders) {
    if (count < minimum || commonElsewhere(token, count, n, idf)) continue;
    const coverage = count / n;
    const score = coverage * (1 + Math.log(coverage) + idf.rarity(token));
    const word = token.slice(2);
    const key = singular(word);
    const known = best.get(key);
    if (!known || count > known.count || (count === known.count && score > known.score)) {
      best.set(key, { word, count, weight, score });
    }
  }
  // Equally telling words: the one weighing more first (said in names and subjects, or said often).
  return [...best.values()]
    .filter((w) => w.score > 0)
    .sort((a, b) => b.score - a.score || b.weight - a.weight || (a.word < b.word ? -1 : 1))
    .slice(0, limit)
    .map((w) => w.word);
}

/** The value most of the group shares (at least `share` of it), if any. */
function shared(values: (string | null | undefined)[][], share: number): string | null {
  const counts = new Map<string, number>();
  for (const own of values) for (const v of new Set(own)) if (v) counts.set(v, (counts.get(v) ?? 0) + 1);
  const [best] = [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
  return best && best[1] >= share * values.length ? best[0] : null;
}

/** The years an item is of by its own account: written in its name or text, or its own date. */
function ownYears({ features, item }: Member): string[] {
  const years = [...features.keys()].filter((t) => t.startsWith('y:')).map((t) => t.slice(2));
  if (item.ownDate && item.date) years.push(String(new Date(item.date).getUTCFullYear()));
  return years;
}

/** A sender's organisation as people say it (`billing@acme.com` → `Acme`), or null for personal mail. */
function organisationOf(from: string | null | undefined): string | null {
  const domain = from?.toLowerCase().match(/@([^\s<>",;]+)/)?.[1];
  if (!domain || PERSONAL_MAIL.has(domain) || isNamelessHost(domain)) return null;
  const label = domain.split('.').at(-2);
  return label && label.length > 1 ? title(label) : null;
}

const brandOf = (host: string): string | null => {
  if (isNamelessHost(host)) return null;
  const known = BRANDS[host] ?? BRANDS[host.split('.').slice(-2).join('.')];
  if (known) return known;
  const label = host.split('.').at(-2);
  return label && label.length > 1 ? title(label) : null;
};

/**
 * Pairs of neighbouring words (not stop words, none common on the desk) in the names and subjects of
 * most of the group's items.
 */
function sharedPhrase(members: Member[], idf: Idf): string | null {
  const phrases = members.map((m) => {
    const words = wordsOf(`${m.item.name ?? ''} ${m.item.email?.subject ?? ''}`).filter(
      (w) => !isStopWord(w) && !commonElsewhere(`w:${w}`, 0, members.length, idf),
    );
    const pairs: string[] = [];
    for (let i = 1; i < words.length; i += 1) {
      if (words[i - 1] !== words[i])
        pairs.push(`${singular(words[i - 1] as string)} ${singular(words[i] as string)}`);
    }
    return pairs;
  });
  return members.length >= 2 ? shared(phrases, MOST) : null;
}

/** How a phrase reads as a binder's name: title case, its last word plural where people say so. */
function phraseName(phrase: string): string {
  const words = phrase.split(' ');
  const last = words.at(-1) as string;
  return [...words.slice(0, -1).map(title), PLURALS[last] ?? title(last)].join(' ');
}

/**
 * The concept most of the group's items speak of (two of its cue words or more), if any, with the
 * name of it they say (`nameSaid`).
 */
function sharedConcept(features: Features[]): { concept: Concept; name: string } | null {
  const words = features.map((f) => {
    const own = new Set<string>();
    for (const token of f.keys()) if (token.startsWith('w:')) own.add(singular(token.slice(2)));
    return own;
  });
  let best: { concept: Concept; name: string; share: number } | null = null;
  for (const concept of CONCEPTS) {
    const speaking = words.filter((own) => concept.cues.filter((c) => own.has(c)).length >= 2).length;
    const share = speaking / Math.max(1, features.length);
    if (share >= 0.5 && (!best || share > best.share)) {
      best = { concept, name: nameSaid(concept.names, words), share };
    }
  }
  return best;
}

/** Of a concept's names, the one most items say a word of ("Bills" for bills, "Invoices" for invoices). */
function nameSaid(names: string[], words: Set<string>[]): string {
  let best = names[0] as string;
  let most = 0;
  for (const name of names) {
    const own = wordsOf(name).map(singular);
    const saying = words.filter((w) => own.some((o) => w.has(o))).length;
    if (saying > most) {
      best = name;
      most = saying;
    }
  }
  return best;
}

/** Names already on the desk (empty binders too) that the group's telling words or concept match. */
function reusable(names: string[], words: string[], concept: Concept | null): string[] {
  const telling = new Set(words.map(singular));
  const scored = names.map((name) => {
    const own = wordsOf(name).map(singular);
    const hits = own.filter((w) => telling.has(w)).length;
    const sameConcept = concept !== null && conceptNamed(name) === concept;
    return { name, score: own.length > 0 ? hits / own.length + (sameConcept ? 1 : 0) : 0 };
  });
  return scored
    .filter((s) => s.score >= 0.5)
    .sort((a, b) => b.score - a.score || (a.name < b.name ? -1 : 1))
    .map((s) => s.name);
}

/**
 * Binder-name options for a new group, most fitting first: a binder already on the desk (empty ones
 * too) that the group's words or concept match; the concept most of its items speak of ("Taxes");
 * a phrase most of their names or subjects share; the organisation most of their mail comes from;
 * the site most of their links are on; then its most telling words. A year is added only when most
 * items' own dates or written years agree on it; a word only when a good share of the items hold it.
 */
export function binderNameOptions(members: Member[], ctx: NamingContext, limit = 4): string[] {
  const features = members.map((m) => m.features);
  const words = distinctiveWords(features, ctx.idf);
  const spoken = sharedConcept(features);
  const concept = spoken?.concept ?? null;
  const year = shared(members.map(ownYears), MOST);
  const options: string[] = [];
  const push = (name: string | null | undefined) => {
    if (name && !options.some((o) => o.toLowerCase() === name.toLowerCase())) options.push(name);
  };
  // The year goes with the first name made up, the same name also offered without it.
  let yearGiven = false;
  const withYear = (name: string) => {
    if (!year || yearGiven || name.includes(year)) return name;
    yearGiven = true;
    push(`${name} ${year}`);
    return name;
  };
  for (const name of reusable(ctx.binderNames, words, concept)) push(name);
  if (spoken) push(withYear(spoken.name));
  const phrase = sharedPhrase(members, ctx.idf);
  if (phrase) push(withYear(phraseName(phrase)));
  push(
    organisationOf(
      shared(
        members.map((m) => [m.item.email?.from?.toLowerCase().match(/@[^\s<>",;]+/)?.[0]]),
        MOST,
      ),
    ),
  );
  const host = shared(
    members.map((m) => [m.item.url ? addressOf(m.item.url)?.host : null]),
    MOST,
  );
  if (host) push(brandOf(host));
  // The concept's own words (`amount`, `due` of bills) are said by its name already.
  const cues = new Set(concept?.cues ?? []);
  for (const word of words.filter((w) => !cues.has(singular(w))).slice(0, 3)) {
    push(withYear(PLURALS[singular(word)] ?? title(word)));
  }
  if (options.length === 0) push(year ? `Unsorted ${year}` : 'Unsorted');
  return options.slice(0, limit);
}

/** Drawer-name options: existing drawers the group fits (by similarity), then the drawer of its concept. */
export function drawerNameOptions(
  features: Features[],
  fits: { name: string; score: number }[],
  limit = 3,
): string[] {
  const options = fits.filter((f) => f.score > 0.05).map((f) => f.name);
  const push = (name: string) => {
    if (!options.some((o) => o.toLowerCase() === name.toLowerCase())) options.push(name);
  };
  const drawer = sharedConcept(features)?.concept.drawer;
  if (drawer) push(drawer);
  const images = features.filter((f) => f.has('m:image')).length > features.length / 2;
  if (images) push('Photos');
  if (options.length === 0) push('Inbox');
  return options.slice(0, limit);
}

/** Tags for a group: the user's own tags that name its telling words first, then those words. */
export function tagsFor(features: Features[], idf: Idf, existingTags: string[], limit = 3): string[] {
  const words = distinctiveWords(features, idf, 4);
  const telling = new Set(words.map(singular));
  const tags = existingTags.filter((t) => telling.has(singular(t.toLowerCase()))).map((t) => t.toLowerCase());
  for (const w of words) if (!tags.some((t) => singular(t) === singular(w))) tags.push(w);
  return [...new Set(tags)].slice(0, limit);
}
