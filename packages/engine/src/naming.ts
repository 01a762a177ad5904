import type { Features } from './features.js';
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

/** Words people file by that read better plural as a binder's name. */
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
};

/** Drawers people keep, and words that say an item belongs in one. */
const DRAWER_WORDS: [string, string[]][] = [
  [
    'Finance',
    [
      'invoice',
      'bank',
      'tax',
      'salary',
      'payslip',
      'statement',
      'receipt',
      'bill',
      'payment',
      'account',
      'loan',
    ],
  ],
  [
    'Travel',
    ['flight', 'trip', 'hotel', 'booking', 'ticket', 'visa', 'passport', 'itinerary', 'airport', 'train'],
  ],
  [
    'Home',
    ['lease', 'rent', 'landlord', 'electricity', 'utility', 'water', 'internet', 'repair', 'furniture'],
  ],
  [
    'Health',
    ['doctor', 'prescription', 'vaccine', 'hospital', 'medical', 'clinic', 'health', 'dentist', 'lab'],
  ],
  ['Work', ['meeting', 'project', 'contract', 'report', 'client', 'proposal', 'team', 'presentation']],
  ['Code', ['github', 'repository', 'code', 'pull', 'issue', 'release', 'gitlab']],
  ['Insurance', ['insurance', 'policy', 'premium', 'claim']],
  ['Photos', ['photo', 'camera', 'img', 'taken']],
];

const title = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

export interface NamingContext {
  idf: Idf;
  binderNames: string[];
}

/** The words most telling of a group: summed weight × rarity, names and addresses before text. */
export function distinctiveWords(features: Features[], idf: Idf, limit = 5): string[] {
  // Keyed by token (`w:<word>`), the prefix cut only from the few words answered.
  const scores = new Map<string, { weight: number; holders: number; rarity: number }>();
  for (const f of features) {
    for (const [token, w] of f) {
      if (!token.startsWith('w:')) continue;
      const s = scores.get(token);
      if (s) {
        s.weight += w * s.rarity;
        s.holders += 1;
      } else {
        const rarity = idf.weight(token);
        scores.set(token, { weight: w * rarity, holders: 1, rarity });
      }
    }
  }
  // A word in only one item of a larger group names that item, not the group.
  const minItems = features.length >= 4 ? 2 : 1;
  return [...scores]
    .filter(([, s]) => s.holders >= minItems)
    .sort((a, b) => b[1].weight - a[1].weight || (a[0] < b[0] ? -1 : 1))
    .slice(0, limit)
    .map(([token]) => token.slice(2));
}

/** The value most of the group shares for a token prefix (`h:`, `y:`), if at least `share` of it does. */
function shared(features: Features[], prefix: string, share: number): string | null {
  const counts = new Map<string, number>();
  for (const f of features) {
    for (const token of f.keys()) {
      if (token.startsWith(prefix))
        counts.set(token.slice(prefix.length), (counts.get(token.slice(prefix.length)) ?? 0) + 1);
    }
  }
  const [best] = [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
  return best && best[1] >= share * features.length ? best[0] : null;
}

const brandOf = (host: string) => {
  const known = BRANDS[host] ?? BRANDS[host.split('.').slice(-2).join('.')];
  if (known) return known;
  const label = host.split('.').at(-2);
  return label ? title(label) : null;
};

/** Names already on the desk that share a word with the group's telling words, best match first. */
function reusable(names: string[], words: string[]): string[] {
  const scored = names.map((name) => {
    const own = name.toLowerCase().match(/\p{L}+/gu) ?? [];
    const hits = words.reduce(
      (s, w, i) => s + (own.some((o) => o === w || o === `${w}s` || `${o}s` === w) ? words.length - i : 0),
      0,
    );
    return { name, hits };
  });
  return scored
    .filter((s) => s.hits > 0)
    .sort((a, b) => b.hits - a.hits || (a.name < b.name ? -1 : 1))
    .map((s) => s.name);
}

/**
 * Binder-name options for a new group: existing binder names that fit first, then short names made of
 * what the group shares: its telling word (plural where people say so) with the year most of it is
 * from, the brand of the host most of it comes from, the word alone.
 */
export function binderNameOptions(features: Features[], ctx: NamingContext, limit = 4): string[] {
  const words = distinctiveWords(features, ctx.idf);
  const year = shared(features, 'y:', 0.6);
  const host = shared(features, 'h:', 0.5);
  const options: string[] = [];
  const push = (name: string | null | undefined) => {
    if (name && !options.some((o) => o.toLowerCase() === name.toLowerCase())) options.push(name);
  };
  for (const name of reusable(ctx.binderNames, words)) push(name);
  const [first, second] = words;
  if (host) push(brandOf(host));
  // A kind of document among the telling words (`recipe`, `invoice`) names the group best.
  const kind = words.find((w) => PLURALS[w]);
  if (kind) push(year ? `${PLURALS[kind]} ${year}` : PLURALS[kind]);
  if (first) {
    const word = PLURALS[first] ?? title(first);
    push(year ? `${word} ${year}` : word);
    if (second && !PLURALS[first]) push(`${title(first)} ${second}`);
    push(word);
  }
  if (options.length === 0) push(year ? `Unsorted ${year}` : 'Unsorted');
  return options.slice(0, limit);
}

/** Drawer-name options: existing drawers the group fits (by similarity), then a drawer people keep. */
export function drawerNameOptions(
  features: Features[],
  fits: { name: string; score: number }[],
  limit = 3,
): string[] {
  const options = fits.filter((f) => f.score > 0.05).map((f) => f.name);
  const words = new Set(
    features.flatMap((f) => [...f.keys()].filter((t) => t.startsWith('w:')).map((t) => t.slice(2))),
  );
  const images = features.filter((f) => f.has('m:image')).length > features.length / 2;
  for (const [drawer, cues] of DRAWER_WORDS) {
    if ((drawer === 'Photos' && images) || cues.some((c) => words.has(c))) {
      if (!options.some((o) => o.toLowerCase() === drawer.toLowerCase())) options.push(drawer);
    }
  }
  if (options.length === 0) options.push('Inbox');
  return options.slice(0, limit);
}

/** Tags for a group: the user's own tags that name its telling words first, then those words. */
export function tagsFor(features: Features[], idf: Idf, existingTags: string[], limit = 3): string[] {
  const words = distinctiveWords(features, idf, 4);
  const tags = reusable(existingTags, words).map((t) => t.toLowerCase());
  for (const w of words) if (!tags.some((t) => t === w || t === `${w}s`)) tags.push(w);
  return [...new Set(tags)].slice(0, limit);
}
