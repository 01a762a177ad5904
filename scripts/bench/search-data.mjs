// The search benchmark's data (`npm run bench:search`): realistic desks (root → drawers → binders →
// items of every kind from every source), generated in JS from a seeded random stream and loaded with
// batched `INSERT … SELECT … FROM json_to_recordset($1)`, which PostgreSQL and PGlite both take.
//
// Prose (document text, notes, e-mail bodies) draws words from a vocabulary of ~3,000 with a Zipf
// distribution, so a few words are in most documents and most words in few; `queryWords()` names words
// of each frequency for the benchmark's queries.
import { randomUUID } from 'node:crypto';
import {
  CITIES,
  COMPANIES,
  CONTENT_WORDS,
  DRAWERS,
  FIRST_NAMES,
  FUNCTION_WORDS,
  LAST_NAMES,
  PLACES,
  TAGS,
} from './search-words.mjs';

const DAY = 86_400_000;
const YEAR = 365 * DAY;
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const MON = MONTHS.map((m) => m.slice(0, 3));

/** A small, fast, seeded generator (mulberry32): the same seed makes the same desks. */
export function createRandom(seed) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n) => Math.floor(next() * n);
  return {
    next,
    int,
    chance: (p) => next() < p,
    pick: (list) => list[int(list.length)],
    /** One key of `{ key: weight }`, by weight. */
    weighted: (weights) => {
      const total = Object.values(weights).reduce((s, w) => s + w, 0);
      let r = next() * total;
      for (const [key, w] of Object.entries(weights)) {
        r -= w;
        if (r < 0) return key;
      }
      return Object.keys(weights)[0];
    },
    shuffle: (list) => {
      const out = [...list];
      for (let i = out.length - 1; i > 0; i -= 1) {
        const j = int(i + 1);
        [out[i], out[j]] = [out[j], out[i]];
      }
      return out;
    },
    hex: (n) => {
      let s = '';
      while (s.length < n) s += ((next() * 4294967296) >>> 0).toString(16).padStart(8, '0');
      return s.slice(0, n);
    },
    alnum: (n) => {
      const chars = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
      let s = '';
      for (let i = 0; i < n; i += 1) s += chars[int(chars.length)];
      return s;
    },
  };
}

/**
 * The prose vocabulary in rank order: function words first (the most frequent, as in any English
 * text), then the content words in a fixed shuffled order, so which ones are common is arbitrary but
 * the same on every run.
 */
const VOCABULARY = [
  ...FUNCTION_WORDS,
  ...createRandom(7)
    .shuffle(CONTENT_WORDS)
    .filter((w) => !FUNCTION_WORDS.includes(w)),
];
const CONTENT_RANK0 = FUNCTION_WORDS.length;
const ZIPF_S = 1.0;

/** A lookup table from a uniform draw to a rank: O(1) Zipf sampling, fine enough for ~3,000 ranks. */
const ZIPF_TABLE = (() => {
  const size = 1 << 20;
  const cumulative = new Float64Array(VOCABULARY.length);
  let sum = 0;
  for (let r = 0; r < VOCABULARY.length; r += 1) {
    sum += 1 / (r + 1) ** ZIPF_S;
    cumulative[r] = sum;
  }
  const table = new Uint16Array(size);
  let rank = 0;
  for (let j = 0; j < size; j += 1) {
    const target = ((j + 0.5) / size) * sum;
    while (cumulative[rank] < target) rank += 1;
    table[j] = rank;
  }
  return table;
})();

/** The share of documents of `words` words that hold the word of this rank at least once. */
function documentShare(rank, words = 300) {
  let h = 0;
  for (let r = 0; r < VOCABULARY.length; r += 1) h += 1 / (r + 1) ** ZIPF_S;
  const p = 1 / (rank + 1) ** ZIPF_S / h;
  return 1 - (1 - p) ** words;
}

/** Words that appear in file names and e-mail subjects (the misspelling and prefix queries use them). */
export const NAME_WORDS = [
  'invoice',
  'statement',
  'passport',
  'agreement',
  'insurance',
  'prescription',
  'certificate',
  'warranty',
  'screenshot',
  'payslip',
  'booking',
  'receipt',
  'amazon',
  'flipkart',
  'resume',
  'presentation',
];

/** Swaps two letters in the middle of a word: `invoice` → `invioce`, `receipt` → `recipet`. */
export function misspell(word) {
  const i = Math.floor(word.length / 2);
  return word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2);
}

/**
 * Query words by frequency in prose: `common` are in roughly a third of documents, `medium` in a few
 * percent, `rare` in about one in a hundred (for documents of ~300 words).
 */
export function queryWords() {
  const content = (from, n) =>
    VOCABULARY.slice(CONTENT_RANK0 + from)
      .filter((w) => w.length >= 4 && /^[a-z]+$/.test(w))
      .slice(0, n);
  const common = content(0, 6);
  const medium = content(400, 6);
  const rare = content(2600, 6);
  const share = (w) => documentShare(VOCABULARY.indexOf(w));
  return {
    common,
    medium,
    rare,
    share,
    prefixes: [...NAME_WORDS.slice(0, 8), ...content(150, 8)]
      .filter((w) => w.length >= 6)
      .map((w) => w.slice(0, 4)),
    typos: NAME_WORDS.filter((w) => w.length >= 6).map(misspell),
  };
}

/** Makes desks: folder rows, then item rows one at a time, for many users at once. */
export function createDeskGenerator({ seed = 1, now = Date.now() } = {}) {
  const rng = createRandom(seed);
  const { int, chance, pick, next, hex, alnum, weighted } = rng;
  const sixYearsAgo = now - 6 * YEAR;

  // Items grow over the years (more recent ones are more frequent), as a real desk does.
  const when = () => now - 6 * YEAR * (1 - Math.sqrt(next()));
  const iso = (t) => new Date(t).toISOString();
  const pad = (n, w = 2) => String(n).padStart(w, '0');
  const ymd = (d, sep = '-') =>
    `${d.getUTCFullYear()}${sep}${pad(d.getUTCMonth() + 1)}${sep}${pad(d.getUTCDate())}`;
  const hms = (d, sep = '') =>
    `${pad(d.getUTCHours())}${sep}${pad(d.getUTCMinutes())}${sep}${pad(d.getUTCSeconds())}`;
  const person = () => `${pick(FIRST_NAMES)} ${pick(LAST_NAMES)}`;
  const cap = (w) => w[0].toUpperCase() + w.slice(1);
  const word = () => VOCABULARY[ZIPF_TABLE[int(ZIPF_TABLE.length)]];
  const contentWord = () => {
    for (;;) {
      const rank = ZIPF_TABLE[int(ZIPF_TABLE.length)];
      if (rank >= CONTENT_RANK0) return VOCABULARY[rank];
    }
  };
  const phrase = (n) => Array.from({ length: n }, contentWord).join(' ');
  const amount = () => (int(200) * 50 + int(100)).toLocaleString('en-IN');

  /** Sentences of `n` words; topic words (names, companies) are sprinkled in. */
  function prose(n, topic = []) {
    const out = new Array(n);
    let inSentence = 0;
    let sentenceLength = 6 + int(16);
    for (let i = 0; i < n; i += 1) {
      let w;
      const r = next();
      if (topic.length > 0 && r < 0.03) w = pick(topic);
      else if (r < 0.045) w = chance(0.5) ? amount() : ymd(new Date(when()));
      else w = word();
      if (inSentence === 0) w = cap(w);
      inSentence += 1;
      if (inSentence >= sentenceLength || i === n - 1) {
        w += chance(0.15) ? '.\n' : '.';
        inSentence = 0;
        sentenceLength = 6 + int(16);
      } else if (chance(0.05)) w += ',';
      out[i] = w;
    }
    return out.join(' ');
  }
  // 50–800 words, most documents short: mean ~300.
  const documentWords = () => 50 + Math.floor(750 * next() ** 2);

  /** A document's name and the words its text is about. */
  function documentName(t) {
    const d = new Date(t);
    const y = d.getUTCFullYear();
    const m = d.getUTCMonth();
    const company = pick(COMPANIES);
    const name = person();
    const [first, last] = name.split(' ');
    const city = pick(CITIES);
    const kinds = [
      () => [`Invoice_${company}_${y}-${pad(m + 1)}.pdf`, ['invoice', company, 'payment', 'gst', 'total']],
      () => [`${company} invoice INV-${y}-${pad(int(9999), 4)}.pdf`, ['invoice', company, 'amount', 'due']],
      () => [`Bank statement ${MONTHS[m]} ${y}.pdf`, ['statement', 'account', 'balance', 'credit', 'debit']],
      () => [`${company}_Statement_${pad(m + 1)}${y}.pdf`, ['statement', company, 'balance', 'transaction']],
      () => [`Salary slip ${MON[m]} ${y}.pdf`, ['salary', 'payslip', company, 'deduction', 'allowance']],
      () => [`Payslip_${MON[m]}${y}.pdf`, ['payslip', 'salary', 'tds', 'net', 'gross']],
      () => ['Passport scan.pdf', ['passport', 'nationality', 'birth', name]],
      () => [`Passport ${first}.pdf`, ['passport', 'visa', first]],
      () => [pick(['Aadhaar card.pdf', 'PAN card.pdf', 'Driving licence.pdf', 'Voter ID.pdf']), ['identity']],
      () => [`Rental agreement - Flat ${1 + int(20)}${'ABCD'[int(4)]}.docx`, ['agreement', 'rent', 'tenant']],
      () => [`Form16_${y}-${pad((y + 1) % 100)}.pdf`, ['tax', 'tds', 'salary', 'form']],
      () => [`ITR-V_${y}.pdf`, ['tax', 'return', 'income', 'assessment']],
      () => [`Insurance policy ${company} ${int(1e8)}.pdf`, ['insurance', 'policy', 'premium', company]],
      () => [`Resume_${first}_${last}.pdf`, ['resume', 'experience', 'skills', first, last]],
      () => [`${name} CV.docx`, ['resume', 'experience', first]],
      () => [`Medical report ${first} ${ymd(d)}.pdf`, ['report', 'blood', 'test', 'doctor', first]],
      () => [`Prescription Dr ${last}.pdf`, ['prescription', 'tablet', 'dose', 'doctor', last]],
      () => [`Blood test results ${MON[m]} ${y}.pdf`, ['blood', 'test', 'result', 'normal', 'range']],
      () => [`Flight ticket ${city} to ${pick(CITIES)}.pdf`, ['flight', 'ticket', 'boarding', city]],
      () => [`E-ticket PNR ${alnum(6).toUpperCase()}.pdf`, ['ticket', 'pnr', 'train', 'berth']],
      () => [`Hotel booking ${city}.pdf`, ['hotel', 'booking', 'stay', 'guest', city]],
      () => [`Meeting notes ${ymd(d)}.docx`, ['meeting', 'agenda', 'minutes', 'team']],
      () => [`Project proposal ${cap(contentWord())}.docx`, ['proposal', 'project', 'budget', company]],
      () => [`Budget ${y}.xlsx`, ['budget', 'expenses', 'total', 'monthly']],
      () => [`Expenses ${MON[m]} ${y}.xlsx`, ['expenses', 'total', 'groceries', 'rent']],
      () => [`${cap(contentWord())} presentation.pptx`, ['presentation', 'slides', company]],
      () => [`Warranty card ${company}.pdf`, ['warranty', company, 'serial', 'model']],
      () => [`User manual ${company} ${cap(contentWord())}.pdf`, ['manual', company, 'install', 'setup']],
      () => [`Offer letter ${company}.pdf`, ['offer', 'salary', 'joining', company]],
      () => ['Relieving letter.pdf', ['relieving', 'experience', company]],
      () => [`Marksheet semester ${1 + int(8)}.pdf`, ['marks', 'semester', 'exam', 'grade']],
      () => ['Degree certificate.pdf', ['degree', 'certificate', 'university']],
      () => [`Receipt ${company} ${ymd(d)}.pdf`, ['receipt', company, 'paid', 'amount']],
      () => [pick(['notes.txt', 'todo.txt', 'README.md', 'ideas.md']), []],
    ];
    return pick(kinds)();
  }

  const imageName = (t, source) => {
    const d = new Date(t);
    if (source === 'whatsapp')
      return chance(0.5)
        ? `IMG-${ymd(d, '')}-WA${pad(int(9999), 4)}.jpg`
        : `WhatsApp Image ${ymd(d)} at ${hms(d, '.')}.jpeg`;
    return pick([
      () => `IMG_${ymd(d, '')}_${hms(d)}.jpg`,
      () => `PXL_${ymd(d, '')}_${hms(d)}${pad(int(999), 3)}.jpg`,
      () => `DSC_${pad(int(9999), 4)}.JPG`,
      () => `IMG_${pad(int(9999), 4)}.HEIC`,
      () => `Screenshot_${ymd(d, '')}-${hms(d)}.png`,
      () => `Screenshot ${ymd(d)} at ${hms(d, '.')}.png`,
    ])();
  };

  const MIME = {
    pdf: 'application/pdf',
    docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    txt: 'text/plain',
    md: 'text/markdown',
    jpg: 'image/jpeg',
    jpeg: 'image/jpeg',
    png: 'image/png',
    heic: 'image/heic',
    opus: 'audio/ogg',
    mp4: 'video/mp4',
  };
  const mimeOf = (name) =>
    MIME[name.slice(name.lastIndexOf('.') + 1).toLowerCase()] ?? 'application/octet-stream';

  function fileItem(source, t) {
    let name;
    let content = null;
    let size;
    let metadata;
    const media =
      source === 'gallery'
        ? 'image'
        : weighted({
            document: 6,
            image: source === 'whatsapp' ? 5 : 2,
            av: source === 'whatsapp' ? 2 : 0.3,
          });
    if (media === 'document') {
      const [n, topic] = documentName(t);
      name = n;
      content = prose(documentWords(), topic);
      size = content.length * (2 + int(40)) + 20_000;
    } else if (media === 'image') {
      name = imageName(t, source);
      size = 150_000 + int(4_000_000);
      if (chance(0.5)) {
        metadata = {
          taken_at: iso(t),
          camera: pick(['Pixel 7', 'iPhone 13', 'Galaxy S22', 'OnePlus 9', 'Redmi Note 10']),
          ...(chance(0.6) ? { latitude: 8 + next() * 25, longitude: 70 + next() * 20 } : {}),
        };
      }
    } else {
      const d = new Date(t);
      name = chance(0.6)
        ? `PTT-${ymd(d, '')}-WA${pad(int(9999), 4)}.opus`
        : `VID-${ymd(d, '')}-WA${pad(int(9999), 4)}.mp4`;
      size = 20_000 + int(30_000_000);
    }
    const sha256 = hex(64);
    return {
      name,
      content,
      mime_type: mimeOf(name),
      size,
      sha256,
      blob_key: `sha256/${sha256.slice(0, 2)}/${sha256}`,
      thumbnail_key: media === 'image' || name.endsWith('.pdf') ? `thumb/${sha256}.webp` : undefined,
      job_state: 'done',
      metadata,
    };
  }

  function noteItem() {
    const title = pick([
      () => 'Grocery list',
      () => `Meeting notes ${1 + int(28)} ${pick(MONTHS)}`,
      () => `Ideas for ${contentWord()}`,
      () => `Call ${pick(FIRST_NAMES)} about ${contentWord()}`,
      () => 'Books to read',
      () => `Trip to ${pick(CITIES)}`,
      () => `${cap(contentWord())} ${contentWord()}`,
      () => 'Wifi password',
      () => `To do ${pick(MON)}`,
    ])();
    const content = `${title}\n${prose(10 + Math.floor(190 * next() ** 2))}`;
    return { name: title, content };
  }

  function link() {
    const slug = (n) => Array.from({ length: n }, contentWord).join('-');
    const title = cap(phrase(2 + int(5)));
    return pick([
      () => {
        const owner = pick([
          'vercel',
          'facebook',
          'microsoft',
          'drizzle-team',
          'fastify',
          'tailwindlabs',
          'golang',
        ]);
        const repo = slug(1 + int(2));
        return { url: `https://github.com/${owner}/${repo}`, name: `GitHub - ${owner}/${repo}: ${title}` };
      },
      () => ({
        url: `https://www.amazon.in/${slug(3).replace(/(^|-)\w/g, (c) => c.toUpperCase())}/dp/B0${alnum(8).toUpperCase()}`,
        name: `Amazon.in: ${pick(COMPANIES)} ${title}`,
      }),
      () => ({ url: `https://docs.google.com/document/d/${alnum(44)}/edit`, name: `${title} - Google Docs` }),
      () => ({
        url: `https://docs.google.com/spreadsheets/d/${alnum(44)}/edit#gid=0`,
        name: `${title} - Google Sheets`,
      }),
      () => ({ url: `https://www.youtube.com/watch?v=${alnum(11)}`, name: `${title} - YouTube` }),
      () => {
        const w = cap(contentWord());
        return { url: `https://en.wikipedia.org/wiki/${w}`, name: `${w} - Wikipedia` };
      },
      () => ({ url: `https://www.flipkart.com/${slug(3)}/p/itm${hex(13)}`, name: `${title} | Flipkart.com` }),
      () => ({
        url: `https://stackoverflow.com/questions/${1e6 + int(7e7)}/${slug(5)}`,
        name: `${title} - Stack Overflow`,
      }),
      () => ({
        url: `https://medium.com/@${pick(FIRST_NAMES).toLowerCase()}/${slug(4)}-${hex(12)}`,
        name: `${title} | Medium`,
      }),
      () => {
        const city = pick(CITIES);
        return {
          url: `https://timesofindia.indiatimes.com/city/${city.toLowerCase()}/${slug(6)}/articleshow/${1e8 + int(9e8)}.cms`,
          name: `${title} | ${city} News - Times of India`,
        };
      },
      () => ({
        url: `https://www.makemytrip.com/hotels/${slug(2)}-${pick(CITIES).toLowerCase()}.html`,
        name: `${title} - MakeMyTrip`,
      }),
      () => {
        const [first, last] = person().split(' ');
        return {
          url: `https://www.linkedin.com/in/${first}-${last}-${hex(8)}`.toLowerCase(),
          name: `${first} ${last} | LinkedIn`,
        };
      },
      () => ({
        url: `https://www.zomato.com/${pick(CITIES).toLowerCase()}/${slug(2)}`,
        name: `${title} - Zomato`,
      }),
      () => ({ url: `https://www.notion.so/${slug(3)}-${hex(32)}`, name: title }),
    ])();
  }

  function locationItem() {
    const label = chance(0.6)
      ? pick(PLACES)
      : `${cap(contentWord())} ${pick(['Cafe', 'Store', 'Clinic', 'Park', 'Office'])}`;
    const city = pick(CITIES);
    const address = `${1 + int(300)}, ${1 + int(20)}th Cross, ${pick(['MG Road', 'Indiranagar', 'Koramangala', 'Andheri West', 'Banjara Hills', 'Salt Lake', 'T Nagar', 'Kothrud'])}, ${city} ${560000 + int(40000)}`;
    return {
      name: label,
      content: address,
      metadata: { latitude: 8 + next() * 25, longitude: 70 + next() * 20, label, address },
    };
  }

  function emailItem(t) {
    const d = new Date(t);
    const company = pick(COMPANIES);
    const subject = pick([
      () => `Your ${company} order #${400 + int(500)}-${int(1e7)} has been shipped`,
      () => `Invoice INV-${d.getUTCFullYear()}-${pad(int(9999), 4)} from ${company}`,
      () => `Re: ${cap(phrase(2 + int(4)))}`,
      () => `Fwd: ${cap(phrase(2 + int(4)))}`,
      () => `Your ${company} credit card statement for ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`,
      () => 'Payment received - thank you',
      () => `Booking confirmation: ${pick(CITIES)} ${ymd(d)}`,
      () => `${pick(FIRST_NAMES)}, your ${company} subscription renews soon`,
      () => `Meeting: ${cap(phrase(2 + int(3)))}`,
      () => `Your ${company} receipt`,
    ])();
    const from = `${pick(['noreply', 'billing', 'support', pick(FIRST_NAMES).toLowerCase()])}@${company.toLowerCase()}.com`;
    return {
      name: subject,
      content: prose(30 + Math.floor(270 * next() ** 2), [company]),
      mime_type: 'message/rfc822',
      metadata: { from, to: 'me@example.com', subject },
    };
  }

  function eventItem(t) {
    const title = pick([
      () => 'Dentist appointment',
      () => `${pick(FIRST_NAMES)}'s birthday`,
      () => `Flight to ${pick(CITIES)}`,
      () => `Team meeting: ${contentWord()}`,
      () => `Pay ${pick(COMPANIES)} bill`,
      () => 'Car service',
      () => `Call with ${person()}`,
    ])();
    return {
      name: title,
      content: chance(0.6) ? prose(5 + int(40)) : null,
      metadata: { start_at: iso(t), end_at: iso(t + (1 + int(4)) * 1800_000), location: pick(CITIES) },
    };
  }

  const KINDS = {
    file_object: 50,
    note_object: 11,
    url_object: 12,
    url_note_object: 5,
    location_object: 4,
    email_object: 12,
    event_object: 6,
  };
  const SOURCES_BY_KIND = {
    file_object: { gdrive: 25, dropbox: 15, whatsapp: 20, gallery: 20, mail: 8, easio: 12 },
    note_object: { easio: 90, whatsapp: 10 },
    url_object: { easio: 80, whatsapp: 20 },
    url_note_object: { easio: 1 },
    location_object: { easio: 60, whatsapp: 30, gallery: 10 },
    email_object: { mail: 1 },
    event_object: { calendar: 1 },
  };

  let externalSeq = 0;

  /** One item row (without owner and parent). */
  function item() {
    const data_type = weighted(KINDS);
    const source = weighted(SOURCES_BY_KIND[data_type]);
    const t = when();
    // Imported items keep when they were made at the source; items made in Easio only have created_at.
    const imported = source !== 'easio';
    const createdAt = imported ? Math.max(t, now - 2 * YEAR + next() * 2 * YEAR) : t;
    let fields;
    switch (data_type) {
      case 'file_object':
        fields = fileItem(source, t);
        break;
      case 'note_object':
        fields = noteItem();
        break;
      case 'url_object':
        fields = link();
        break;
      case 'url_note_object': {
        const { url } = link();
        const note = noteItem();
        fields = { url, name: note.name, content: note.content };
        break;
      }
      case 'location_object':
        fields = locationItem();
        break;
      case 'email_object':
        fields = emailItem(t);
        break;
      case 'event_object':
        fields = eventItem(t);
        break;
    }
    externalSeq += 1;
    return {
      data_type,
      source,
      ...fields,
      external_id: imported ? `${source}-${externalSeq}-${alnum(10)}` : undefined,
      tags: chance(0.15) ? [...new Set(Array.from({ length: 1 + int(3) }, () => pick(TAGS)))] : undefined,
      source_created_at: imported ? iso(t) : undefined,
      created_at: iso(Math.min(createdAt, now)),
    };
  }

  /**
   * One user's desk of `total` objects (root included): the folders now, the items on demand.
   * `rootId` is the user's existing root folder, or null to make one (returned first in `folders`).
   */
  function desk(ownerId, rootId, total) {
    const folders = [];
    const root = rootId ?? randomUUID();
    if (!rootId) {
      folders.push({
        id: root,
        owner_id: ownerId,
        data_type: 'root_object',
        name: 'My Desk',
        created_at: iso(sixYearsAgo),
      });
    }
    const drawerCount = Math.min(12, Math.max(2, Math.round(Math.log2(total / 50))));
    const drawers = [];
    const binders = [];
    for (const drawerName of rng.shuffle(Object.keys(DRAWERS)).slice(0, drawerCount)) {
      const drawer = { id: randomUUID(), name: drawerName, binders: [] };
      drawers.push(drawer);
      folders.push({
        id: drawer.id,
        owner_id: ownerId,
        parent_id: root,
        data_type: 'drawer_object',
        name: drawerName,
        created_at: iso(when()),
      });
      for (const binderName of rng.shuffle(DRAWERS[drawerName]).slice(0, 2 + int(5))) {
        const binder = { id: randomUUID(), name: binderName, weight: 0.2 + next() };
        drawer.binders.push(binder.id);
        binders.push(binder);
        folders.push({
          id: binder.id,
          owner_id: ownerId,
          parent_id: drawer.id,
          data_type: 'binder_object',
          name: binderName,
          binder_state: pick([null, null, 'wip', 'archive', 'vault']),
          created_at: iso(when()),
        });
      }
    }
    const binderWeight = binders.reduce((s, b) => s + b.weight, 0);
    // 12% of items lie unfiled on the desk (the root); the rest are spread over the binders, unevenly.
    const parent = () => {
      if (chance(0.12)) return root;
      let r = next() * binderWeight;
      for (const b of binders) {
        r -= b.weight;
        if (r < 0) return b.id;
      }
      return binders[binders.length - 1].id;
    };
    let remaining = Math.max(0, total - folders.length - (rootId ? 1 : 0));
    return {
      ownerId,
      rootId: root,
      drawers,
      folders,
      get remaining() {
        return remaining;
      },
      /** The next item row, or null when the desk is full. */
      nextItem() {
        if (remaining <= 0) return null;
        remaining -= 1;
        return { id: randomUUID(), owner_id: ownerId, parent_id: parent(), ...item() };
      },
    };
  }

  return { desk, rng };
}

const OBJECT_COLUMNS = [
  ['id', 'uuid'],
  ['owner_id', 'uuid'],
  ['parent_id', 'uuid'],
  ['data_type', 'text'],
  ['source', 'text'],
  ['name', 'text'],
  ['url', 'text'],
  ['content', 'text'],
  ['mime_type', 'text'],
  ['size', 'bigint'],
  ['blob_key', 'text'],
  ['sha256', 'text'],
  ['external_id', 'text'],
  ['metadata', 'jsonb'],
  ['tags', 'text[]'],
  ['binder_state', 'text'],
  ['source_created_at', 'timestamptz'],
  ['created_at', 'timestamptz'],
  ['thumbnail_key', 'text'],
  ['job_state', 'text'],
];
const DEFAULTS = { source: `'easio'`, name: `''`, metadata: `'{}'::jsonb`, tags: `'{}'::text[]` };

/**
 * One statement for a batch of rows (JSON objects; absent keys are null or the column default).
 * `updated_at` is set to `created_at`; `item_date` (generated) and any column the schema fills by
 * itself (a search vector, say) are left alone.
 */
export const INSERT_OBJECTS_SQL = `INSERT INTO objects (${OBJECT_COLUMNS.map(([c]) => c).join(', ')}, updated_at)
SELECT ${OBJECT_COLUMNS.map(([c]) => (DEFAULTS[c] ? `coalesce(${c}, ${DEFAULTS[c]})` : c)).join(', ')}, created_at
FROM json_to_recordset($1::json) AS r(${OBJECT_COLUMNS.map(([c, t]) => `${c} ${t}`).join(', ')})`;

/**
 * Loads desks into a migrated database through `query(text, params)` (a pg pool's or PGlite's).
 * `bigUser` ({ id, rootId }) already exists (made through the API) and gets `bigObjects` objects;
 * `users - 1` more users are inserted directly and share the rest of `objects`. Item rows of all users
 * are interleaved, as they arrive in a shared table.
 *
 * The secondary indexes of `objects` (all but the primary key, whatever the migrations made) are
 * dropped for the load and made again from their own definitions afterwards, `inFlight` at a time:
 * a bulk load is several times faster that way. Returns the big user's desk and the times taken.
 */
export async function loadSearchData({
  query,
  bigUser,
  users,
  objects,
  bigObjects,
  seed = 1,
  batchRows = 2000,
  inFlight = 2,
  log = console.log,
}) {
  const started = performance.now();
  const { rows: indexes } = await query(
    `SELECT indexname, indexdef FROM pg_indexes
     WHERE schemaname = current_schema() AND tablename = 'objects'
       AND indexname NOT IN (SELECT conname FROM pg_constraint WHERE conrelid = 'objects'::regclass)`,
  );
  for (const { indexname } of indexes) await query(`DROP INDEX "${indexname}"`);
  const generator = createDeskGenerator({ seed });
  const desks = [generator.desk(bigUser.id, bigUser.rootId, bigObjects)];
  const others = Math.max(0, users - 1);
  const otherRows = Math.max(0, objects - bigObjects);
  const userRows = [];
  for (let i = 0; i < others; i += 1) {
    const id = randomUUID();
    userRows.push({
      id,
      username: `bench_user_${String(i + 1).padStart(3, '0')}`,
      email: `bench_user_${i + 1}@example.com`,
      password_hash: 'not-a-real-hash',
      first_name: generator.rng.pick(FIRST_NAMES),
      last_name: generator.rng.pick(LAST_NAMES),
      region: 'IN',
    });
    const share = Math.floor(otherRows / others) + (i < otherRows % others ? 1 : 0);
    desks.push(generator.desk(id, null, share));
  }
  if (userRows.length > 0) {
    await query(
      `INSERT INTO users (id, username, email, password_hash, first_name, last_name, region)
       SELECT * FROM json_to_recordset($1::json)
         AS r(id uuid, username text, email text, password_hash text, first_name text, last_name text, region text)`,
      [JSON.stringify(userRows)],
    );
  }
  // Folders first (roots, then drawers, then binders: each row's parent is inserted before it).
  const folders = desks.flatMap((d) => d.folders);
  for (let i = 0; i < folders.length; i += batchRows) {
    await query(INSERT_OBJECTS_SQL, [JSON.stringify(folders.slice(i, i + batchRows))]);
  }
  if (others > 0) {
    await query(
      `UPDATE users SET root_folder = r.root FROM json_to_recordset($1::json) AS r(id uuid, root uuid)
       WHERE users.id = r.id`,
      [JSON.stringify(desks.slice(1).map((d) => ({ id: d.ownerId, root: d.rootId })))],
    );
  }

  // Items: each batch takes runs of up to 50 rows from users picked by how many they have left.
  const rng = createRandom(seed + 1);
  let left = desks.reduce((s, d) => s + d.remaining, 0);
  const itemTotal = left;
  const pending = new Set();
  let nextReport = 0.1;
  while (left > 0) {
    const batch = [];
    while (batch.length < batchRows && left > 0) {
      let r = rng.next() * left;
      let d = desks[0];
      for (const candidate of desks) {
        r -= candidate.remaining;
        if (r < 0) {
          d = candidate;
          break;
        }
      }
      for (let k = 0; k < 50 && d.remaining > 0 && batch.length < batchRows; k += 1) {
        batch.push(d.nextItem());
        left -= 1;
      }
    }
    const insert = query(INSERT_OBJECTS_SQL, [JSON.stringify(batch)]).finally(() => pending.delete(insert));
    pending.add(insert);
    if (pending.size >= inFlight) await Promise.race(pending);
    const progress = (itemTotal - left) / itemTotal;
    if (progress >= nextReport) {
      log(`  loaded ${Math.round(progress * 100)}% (${((performance.now() - started) / 1000).toFixed(0)} s)`);
      while (nextReport <= progress) nextReport += 0.1;
    }
  }
  await Promise.all(pending);
  const inserted = performance.now();
  log(`  inserted in ${((inserted - started) / 1000).toFixed(0)} s; making ${indexes.length} indexes again…`);
  // The slow GIN builds first, so the quick btree builds run beside them.
  const queue = [...indexes].sort((a, b) => /USING gin/i.test(b.indexdef) - /USING gin/i.test(a.indexdef));
  await Promise.all(
    Array.from({ length: inFlight }, async () => {
      for (let index = queue.shift(); index; index = queue.shift()) {
        const t0 = performance.now();
        await query(index.indexdef);
        log(`    ${index.indexname}: ${((performance.now() - t0) / 1000).toFixed(1)} s`);
      }
    }),
  );
  const done = performance.now();
  return {
    bigDesk: desks[0],
    seconds: (done - started) / 1000,
    insertSeconds: (inserted - started) / 1000,
    indexSeconds: (done - inserted) / 1000,
    indexes: indexes.map((i) => i.indexname),
  };
}
