import { seededRandom } from '../random.js';
import type { EngineItem } from '../types.js';

/**
 * A synthetic desk to measure the engine on: drawers of binders holding a mix of documents, notes, links,
 * photos, e-mails and calendar events, with skewed binder sizes, shared vocabulary between neighbouring
 * binders, filler everywhere, vague names and items without text. Deterministic for a seed.
 */
export interface CorpusBinder {
  drawer: string;
  binder: string;
  items: EngineItem[];
}

export interface CorpusOptions {
  seed: number;
  /** items per binder on average, default 30 */
  perBinder?: number;
  /**
   * 'tuning' (default) or 'holdout': a second family of templates, vocabularies, vendors, people and hosts,
   * so figures can be reported on a corpus the engine was not tuned on
   */
  flavour?: 'tuning' | 'holdout';
}

type Rng = () => number;

/** Lists are written as `a|b|c` to keep the tables short; a spaced ` | ` is a literal bar. */
const list = (s: string | undefined): string[] => (s ? s.split(/(?<! )\|(?! )/) : []);
const pick = <T>(rng: Rng, xs: readonly T[]): T => xs[Math.floor(rng() * xs.length)] as T;
const int = (rng: Rng, lo: number, hi: number): number => lo + Math.floor(rng() * (hi - lo + 1));

/** Kinds of item a binder holds, in the order of `Spec.mix`. */
const KINDS = ['doc', 'note', 'link', 'photo', 'mail', 'event'] as const;
type Kind = (typeof KINDS)[number];

interface Spec {
  drawer: string;
  binder: string;
  /** Relative size; normalised so the mean binder holds `perBinder` items. */
  weight: number;
  /** Relative weights of doc, note, link, photo, mail, event. */
  mix: [number, number, number, number, number, number];
  /** All items fall in this year. */
  year?: number;
  /** All items fall within `days` from the first of month `month0` of `year` (a trip). */
  when?: [number, number, number];
  /** Range of amounts. */
  amt?: [number, number];
  docs?: string;
  words: string;
  orgs?: string;
  people?: string;
  hosts?: string;
  paths?: string;
  places?: string;
  /** Extra binder-specific slot `{x}` (repositories…). */
  x?: string;
  titles?: string;
  subjects?: string;
  /** Binder-specific sentence templates. */
  lines: string;
}

/** Template and vocabulary lists of a flavour, each written `a|b|c`. */
// biome-ignore format: a list of names
type Texts =
  | 'filler' | 'docNames' | 'vagueDocs' | 'docOpen' | 'noteTitles' | 'vagueNotes' | 'noteOpen' | 'linkTitles'
  | 'vagueLinks' | 'mailSubjects' | 'vagueSubjects' | 'mailOpen' | 'mailClose' | 'eventTitles' | 'eventText'
  | 'photoNames' | 'exif' | 'cameras' | 'home' | 'mailDomains' | 'orgTlds' | 'orgLocals' | 'docSources' | 'tags';

interface Flavour extends Record<Texts, string> {
  /** Marks the item ids of the flavour. */
  tag: string;
  user: string;
  currency: string;
  usDates: boolean;
  drawers: Record<string, string>;
  binders: Spec[];
}

// biome-ignore format: a data table, one binder to a few lines
const INVOICES: Omit<Spec, 'binder' | 'weight'> = {
  drawer: 'Finance', mix: [6, 0.5, 0.3, 0.2, 3, 0], amt: [15, 900],
  docs: 'Invoice|Invoice|Receipt|Order confirmation|Credit note',
  words: 'invoice|order|vat|subtotal|customer|shipping|delivery|purchase|item|quantity|net|gross',
  orgs: 'ACME Corp|Amazon|Vodafone|Hetzner|Adobe|IKEA|Zalando|Decathlon', people: 'Tom Becker',
  hosts: 'billing.acme.com|amazon.de|hetzner.com', paths: 'invoices/{ref}|account/orders/{n}|billing/{yyyy}/{mm}',
  lines: 'Invoice number {ref} dated {date}.|Total amount due: {amount} including VAT.|Please pay by {due} to avoid a late fee.|Order {n} was shipped to your delivery address.|Customer number {n2}, billing period {month} {yyyy}.',
};

// biome-ignore format: a data table, one binder to a few lines
const TUNING: Flavour = {
  tag: '', user: 'Priya', currency: '€', usDates: false,
  drawers: {
    Finance: 'payment|account|amount|balance|due|total|paid|transfer|fee|statement|invoice|bank',
    Travel: 'trip|booking|flight|hotel|travel|passport|itinerary|check-in|departure|arrival|luggage|reservation',
    Home: 'flat|apartment|landlord|meter|repair|kitchen|bathroom|rent|deposit|contract',
    Health: 'doctor|appointment|clinic|health|patient|treatment|pharmacy|insurance|results',
    Work: 'project|meeting|team|deadline|client|report|agenda|review|quarter|manager',
    Code: 'code|repository|branch|commit|build|test|release|typescript|bug|feature',
    Family: 'kids|school|family|mum|dad|weekend|party|grandma|holiday|birthday',
  },
  binders: [
    { ...INVOICES, binder: 'Invoices 2024', weight: 3, year: 2024 },
    { ...INVOICES, binder: 'Invoices 2023', weight: 1.6, year: 2023, orgs: 'ACME Corp|Amazon|Vodafone|Strato|Adobe|IKEA|MediaMarkt' },
    { drawer: 'Finance', binder: 'Bank statements', weight: 1.4, mix: [7, 0.5, 0.5, 0, 2, 0], amt: [100, 5000],
      docs: 'Account statement|Kontoauszug|Credit card statement|Statement',
      words: 'statement|iban|debit|credit|card|overdraft|interest|savings|withdrawal|deposit|direct debit|standing order',
      orgs: 'Deutsche Bank|N26|ING|Revolut|HDFC Bank', hosts: 'n26.com|ing.de|revolut.com',
      paths: 'app/statements/{yyyy}-{mm}|account/{n}/transactions',
      lines: 'Opening balance {amount} on {date}.|Closing balance for {month} {yyyy}: {amount}.|Card payment at {org} of {amount}.|IBAN DE{n}0000{n2}, account holder Priya Nair.|Interest credited to your savings account: {amount}.' },
    { drawer: 'Finance', binder: 'Taxes', weight: 1, mix: [5, 2, 1, 0, 2, 0.3], amt: [50, 8000],
      docs: 'Income tax return|Tax assessment|Donation receipt|Tax certificate',
      words: 'tax|return|deduction|refund|assessment|income|elster|allowance|receipt|advisor|deadline|filing',
      orgs: 'Finanzamt Berlin|Elster|Steuerberatung Klein|Red Cross', people: 'Markus Klein',
      hosts: 'elster.de|bundesfinanzministerium.de', paths: 'eportal/{word}|Content/DE/{word:cap}',
      lines: 'Tax year {yyyy}, tax number 27/{n}/{n2}.|Your refund of {amount} will be transferred within four weeks.|Deductible expenses for the home office: {amount}.|Please submit the return by {due}.|Assessment notice issued on {date}.' },
    { drawer: 'Finance', binder: 'Insurance', weight: 0.15, mix: [3, 1, 0, 0, 2, 0], amt: [80, 900],
      docs: 'Insurance policy|Policy schedule|Premium notice',
      words: 'policy|premium|coverage|liability|claim|insured|deductible|renewal', orgs: 'Allianz|HUK-Coburg|AXA',
      lines: 'Policy number {ref}, annual premium {amount}.|Your liability coverage renews on {due}.|Claim {n} has been received and is being reviewed.' },
    { drawer: 'Travel', binder: 'Trip to Goa', weight: 1.6, when: [2024, 2, 30], mix: [1.5, 2, 2, 5, 1.5, 0.5], amt: [10, 400],
      docs: 'Booking confirmation|E-ticket|Itinerary|Receipt',
      words: 'goa|beach|palolem|anjuna|villa|scooter|sunset|shack|panjim|fort|spice|market|ferry',
      orgs: 'Airbnb|IndiGo|Goa Tourism|Cafe Chocolatti', people: 'Anita Desai|Rahul Menon',
      hosts: 'airbnb.com|tripadvisor.com|goa-tourism.com', paths: 'rooms/{n}|Attraction_Review-{word}|places/{word}',
      places: 'Palolem Beach, Goa|Anjuna Flea Market, Goa|Fort Aguada, Goa|Panjim, Goa|Dudhsagar Falls, Goa|Baga Beach, Goa',
      lines: 'Check-in at the villa in Palolem on {date}.|Scooter rental for five days: {amount}.|Rahul suggested the sunset cruise from Panjim.|Day {nn}: {word} in the morning, {word2} in the afternoon.|The flight to Goa lands at Dabolim at 14:20.' },
    { drawer: 'Travel', binder: 'Flights', weight: 1.2, mix: [3, 0.3, 2, 0.3, 4, 0.5], amt: [80, 1200],
      docs: 'E-ticket|Boarding pass|Booking confirmation|Receipt',
      words: 'flight|boarding|pass|gate|seat|baggage|airline|layover|departure|terminal|goa|pnr',
      orgs: 'Lufthansa|IndiGo|Ryanair|Emirates|Skyscanner', hosts: 'skyscanner.net|lufthansa.com|kayak.com',
      paths: 'transport/flights/{word}/{word2}|booking/{ref}', places: 'Frankfurt Airport|Dubai Airport|Goa Dabolim Airport',
      subjects: 'Your booking confirmation {ref}|Check in now for your flight to {place}|Boarding pass for flight LH {n}|Your e-ticket receipt',
      lines: 'Flight LH {n} from Frankfurt to Goa via Dubai, departure {date}.|Booking reference (PNR): {ref}.|Seat {nn}A, one checked bag of 23 kg.|Online check-in opens 24 hours before departure.|Fare total: {amount}.' },
    { drawer: 'Travel', binder: 'Hotels', weight: 0.8, mix: [2, 0.3, 3, 0.5, 3, 0], amt: [60, 900],
      docs: 'Hotel reservation|Invoice|Booking confirmation',
      words: 'hotel|room|night|breakfast|reservation|cancellation|suite|stay|guest|lobby',
      orgs: 'Booking.com|Marriott|Hotel Adlon|Taj Hotels', hosts: 'booking.com|hotels.com|marriott.com',
      paths: 'hotel/{word}/{word2}.html|reservations/{ref}',
      lines: 'Your stay: {nn} nights from {date}, breakfast included.|Free cancellation until {due}.|Reservation number {ref}, total {amount}.|Check-in from 15:00, check-out until 11:00.' },
    { drawer: 'Travel', binder: 'Visa', weight: 0.15, mix: [3, 1, 1, 0.5, 1, 0],
      docs: 'e-Visa|Visa application|Passport scan', words: 'visa|evisa|embassy|application|passport|photo|approval|consulate',
      orgs: 'Indian Embassy|VFS Global', hosts: 'indianvisaonline.gov.in', paths: 'evisa/{word}',
      lines: 'e-Visa application {ref} has been granted.|Valid for 30 days from the date of arrival.|Please carry a printout of the ETA.' },
    { drawer: 'Home', binder: 'Lease', weight: 0.5, mix: [5, 1, 0.5, 0.5, 2, 0], amt: [800, 2400],
      docs: 'Lease agreement|Rental contract|Handover protocol|Rent increase notice',
      words: 'lease|tenant|landlord|rent|deposit|clause|termination|notice|signature|apartment|keys',
      orgs: 'Vonovia|Hausverwaltung Schulz', people: 'Frank Schulz', hosts: 'immobilienscout24.de', paths: 'expose/{n}',
      lines: 'Monthly rent of {amount} is due on the third working day.|The security deposit amounts to three months net rent.|The notice period is three months to the end of a month.|Handover of the keys took place on {date}.' },
    { drawer: 'Home', binder: 'Utilities', weight: 1.4, mix: [5, 0.5, 1, 0, 3, 0], amt: [30, 350],
      docs: 'Electricity bill|Gas bill|Water bill|Internet invoice|Meter reading',
      words: 'electricity|gas|water|kwh|meter|reading|tariff|broadband|internet|heating|consumption',
      orgs: 'Vattenfall|E.ON|Telekom|Berliner Wasserbetriebe|O2', hosts: 'vattenfall.de|telekom.de',
      paths: 'kundenportal/{word}|rechnung/{ref}',
      lines: 'Your consumption this period: {n} kWh.|Monthly advance payment adjusted to {amount}.|Meter reading on {date}: {n2}.|Your broadband contract renews on {due}.' },
    { drawer: 'Home', binder: 'Renovation', weight: 0.7, mix: [2, 3, 2, 4, 1, 0], amt: [20, 3000],
      docs: 'Quote|Invoice|Floor plan|Receipt',
      words: 'paint|tiles|bathroom|kitchen|floor|plumber|electrician|quote|wall|cabinet|drill',
      orgs: 'Hornbach|OBI|IKEA|Malerbetrieb Weiss', hosts: 'hornbach.de|ikea.com|pinterest.com',
      paths: 'p/{word}-{n}|pin/{n}{n2}', places: 'Kitchen, Berlin|Bathroom, Berlin|Hornbach Spandau, Berlin',
      lines: 'Quote for retiling the bathroom: {amount}.|The plumber comes on {date} between 8 and 12.|Need 14 m² of floor tiles and grey grout.|Paint colour for the hallway: warm white.' },
    { drawer: 'Health', binder: 'Doctor visits', weight: 0.9, mix: [3, 2, 0.5, 0, 2, 2], amt: [20, 300],
      docs: 'Lab results|Referral|Medical report|Invoice',
      words: 'blood|test|results|referral|gp|dermatologist|checkup|vaccination|symptoms|diagnosis',
      orgs: 'Praxis Dr. Weber|Charité|Doctolib|Labor Berlin', people: 'Dr. Anna Weber', hosts: 'doctolib.de',
      paths: 'appointments/{n}', places: 'Praxis Dr. Weber, Berlin|Charité Mitte, Berlin',
      lines: 'Appointment with Dr. Weber on {date} at 09:30.|Blood test results are within the normal range.|Referral to a dermatologist, please book within four weeks.|Vaccination booster due in {yyyy}.' },
    { drawer: 'Health', binder: 'Prescriptions', weight: 0.5, mix: [4, 1, 0.5, 1, 1, 0], amt: [5, 120],
      docs: 'Prescription|Pharmacy receipt|Medication plan',
      words: 'prescription|pharmacy|dosage|tablet|ibuprofen|refill|mg|medication',
      orgs: 'DocMorris|Apotheke am Markt|Shop Apotheke', hosts: 'shop-apotheke.com', paths: '{word}/{n}',
      lines: 'Ibuprofen 400 mg, one tablet twice daily after meals.|Co-payment at the pharmacy: {amount}.|Refill needed before {due}.' },
    { drawer: 'Health', binder: 'Fitness', weight: 0.2, mix: [0, 3, 2, 1, 0, 1],
      words: 'run|gym|workout|squat|yoga|pace|km|training|plan|stretch', orgs: 'Urban Sports Club|Strava',
      hosts: 'strava.com', paths: 'activities/{n}', places: 'Tempelhofer Feld, Berlin',
      lines: 'Morning run: {nn} km at a steady pace.|Workout plan: squats, lunges, plank.|Yoga class on Thursday evenings.' },
    { drawer: 'Work', binder: 'Projects', weight: 1.5, mix: [3, 3, 2, 0.5, 3, 0], amt: [5000, 90000],
      docs: 'Project plan|Status report|Proposal|Specification',
      words: 'roadmap|milestone|launch|budget|stakeholder|scope|requirement|prototype|delivery|risk|kpi',
      orgs: 'Northwind|Contoso|Globex', people: 'Sarah Lee|James Park|Priya Nair',
      hosts: 'northwind.atlassian.net|notion.so|docs.google.com', paths: 'browse/NW-{n}|northwind/{word}-{n}|document/d/{ref}',
      lines: 'Milestone {nn} slipped by two weeks because of the {word} work.|Budget for Q{q} is {amount}.|Sarah will present the roadmap to the stakeholders.|Risk: the {word} requirement is not yet signed off.' },
    { drawer: 'Work', binder: 'Meetings', weight: 1.2, mix: [1, 5, 0.5, 0.3, 2, 4],
      docs: 'Minutes|Agenda', words: 'minutes|agenda|standup|retro|action|items|attendees|sync|notes|follow-up|one-on-one',
      orgs: 'Northwind', people: 'Sarah Lee|James Park|Olivia Brown|Ken Adams', hosts: 'zoom.us|teams.microsoft.com',
      paths: 'j/{n}{n2}', places: 'Room 4.12, Northwind office|Zoom',
      lines: 'Attendees: Sarah, James, Olivia.|Action item: {first} to follow up on {word}.|The weekly sync moves to Tuesday 10:00.|Retro: what went well, what to improve.' },
    { drawer: 'Work', binder: 'Payslips', weight: 0.8, mix: [6, 0, 0, 0, 2, 0], amt: [2500, 5200],
      docs: 'Payslip|Salary statement|Gehaltsabrechnung|Annual salary certificate',
      words: 'salary|gross|net|payroll|deductions|pension|social|security|bonus|employer', orgs: 'Northwind GmbH|DATEV',
      lines: 'Gross salary for {month} {yyyy}: {amount}.|Net pay transferred on {date}.|Pension contribution and health insurance deducted.|Bonus paid with the December payroll.' },
    { drawer: 'Code', binder: 'GitHub', weight: 2, mix: [0, 1, 8, 0, 2, 0],
      x: 'easio/desk|easio/engine|vitest-dev/vitest|microsoft/TypeScript|biomejs/biome|drizzle-team/drizzle-orm',
      words: 'pull|request|issue|merge|commit|workflow|actions|review|branch|ci|flaky|refactor',
      orgs: 'GitHub', people: 'Linus Ek|Mei Chen', hosts: 'github.com',
      paths: '{x}/pull/{n}|{x}/issues/{n}|{x}/blob/main/src/{word}.ts|{x}/actions/runs/{n}{n2}|{x}',
      titles: '{word:cap} {word2} by {first} · Pull Request #{n} · {x}|{word:cap} fails on Node 20 · Issue #{n} · {x}|GitHub - {x}: {word:cap} and {word2}|{x}/src/{word}.ts at main · {x}',
      subjects: '[{x}] {word:cap} {word2} (PR #{n})|Re: [{x}] {word:cap} fails (Issue #{n})|[GitHub] A new SSH key was added to your account',
      lines: 'Merged #{n} into main.|CI failed on the {word} workflow.|{first} requested your review on this pull request.|Reply to this email directly or view it on GitHub.' },
    { drawer: 'Code', binder: 'Tutorials', weight: 0.8, mix: [1, 2, 6, 0, 0.5, 0],
      words: 'tutorial|guide|docs|example|react|typescript|postgres|hooks|generics|index|query',
      orgs: 'MDN|freeCodeCamp|Egghead', hosts: 'developer.mozilla.org|stackoverflow.com|freecodecamp.org|dev.to',
      paths: 'en-US/docs/Web/{word:cap}|questions/{n}{n2}/{word}-{word2}|news/{word}-{word2}-guide',
      titles: 'How to use {word} with {word2} - Stack Overflow|{word:cap} - JavaScript | MDN|A beginner’s guide to {word} and {word2}',
      lines: 'Read the section on {word} again.|The example uses {word2} with strict mode.|Try this {word} trick in the desk code.' },
    { drawer: 'Family', binder: 'School', weight: 1, mix: [2, 2, 1, 2, 4, 1], amt: [20, 90],
      docs: 'Report card|Permission slip|School letter|Lunch menu',
      words: 'school|teacher|class|homework|term|parents|excursion|grade|lunch|uniform|maths',
      orgs: 'Grundschule am Park|Hort Sonnenschein', people: 'Mrs. Fischer|Julia Hoffmann',
      hosts: 'schulportal.berlin.de', paths: 'schule/{word}', places: 'Grundschule am Park, Berlin',
      lines: 'Parents evening on {date} at 18:00 in class 3b.|Please sign the permission slip for the excursion to the zoo.|Homework this week: maths worksheet and reading.|Lunch money for {month}: {amount}.' },
    { drawer: 'Family', binder: 'Birthdays', weight: 0.6, mix: [0.5, 2, 1, 5, 1, 1], amt: [10, 150],
      docs: 'Invitation|Receipt', words: 'birthday|cake|party|gift|candles|balloons|invitation|guests|presents',
      orgs: 'Amazon|Party City', people: 'Grandma Rosa|Lena Nair|Aunt Maria', hosts: 'amazon.de|chefkoch.de',
      paths: 'dp/{ref}|rezepte/{n}/{word}.html',
      places: 'Home, Berlin|Volkspark Friedrichshain, Berlin|Grandma’s garden, Potsdam',
      lines: 'Lena turns seven on {date}!|Gift ideas: {word}, a book, a puzzle.|Invitation: party on Saturday from 15:00, cake and games.|Chocolate cake for twelve guests.' },
    { drawer: 'Family', binder: 'Recipes', weight: 0.18, mix: [0.5, 3, 3, 1, 0, 0],
      words: 'recipe|flour|butter|oven|curry|dal|dough|bake|simmer|spices', hosts: 'chefkoch.de|bbcgoodfood.com',
      paths: 'rezepte/{n}/{word}.html|recipes/{word}-{word2}', places: 'Home, Berlin',
      lines: 'Grandma’s dal: lentils, turmeric, cumin, simmer for 30 minutes.|Bake at 180 °C for 25 minutes.|Use less butter next time.' },
  ],
  filler: 'Please let us know if you have any questions.|Thank you for your message.|We will get back to you as soon as possible.|This is just a quick note for the record.|Kind regards and have a nice day.|See the attached document for the details.|It was good to have this sorted out.|Remember to keep a copy of this for your records.|All the best, and thanks again.|I think that is everything for now.',
  docNames: '{doc:snake}_{org:up}-{yyyy}-{mm}.pdf|{doc} {org} {month} {yyyy}.pdf|{org:up}_{doc:snake}_{ref}.pdf|{doc} {yyyy}-{mm}.pdf|{doc} {org}.docx',
  vagueDocs: 'Scan {nn}.pdf|Document ({nn}).pdf|scan_{ymd}.pdf|file.pdf|Untitled {nn}.pdf',
  docOpen: '{doc} from {org}, issued {date}.|Dear customer, please find below your {doc:low} for {month} {yyyy}.|{org} | {doc} | Reference {ref}',
  noteTitles: '{word:cap} notes|To do: {word}|{word:cap} and {word2}|Notes {iso}|Ideas for {word}',
  vagueNotes: 'Untitled note|Note|Quick note',
  noteOpen: 'Remember: {word} and {word2}.|Things to sort out about the {word}:|Note to self about the {word}.',
  linkTitles: '{word:cap} and {word2} | {host}|{org} - {word:cap}|{word:cap} {word2} – {org}',
  vagueLinks: '{host}|Sign in|Home',
  mailSubjects: 'Your {doc:low} from {org}|{doc} {ref}|Re: {word} and {word2}|Fwd: {doc:low} for {month}|Reminder: {word} on {date}',
  vagueSubjects: '(no subject)|Re:|Fwd: FYI',
  mailOpen: 'Dear {me},|Hello,|Hi {me},',
  mailClose: 'Best regards, {sender}|Kind regards\n{sender}|Thanks, {sender}',
  eventTitles: '{word:cap} with {first}|{word:cap} appointment|{word:cap}: {word2}',
  eventText: 'Location: {place}. ',
  photoNames: 'gallery:IMG_{ymd}_{time}.jpg|gallery:IMG_{ymd}_{time}.jpg|whatsapp:WhatsApp Image {iso} at {hms}.jpeg',
  exif: 'Camera {camera}. Taken {iso} at {place}|Camera {camera}, {iso} {hm}, {place}',
  cameras: 'Pixel 7|Samsung Galaxy S23|iPhone 13', home: 'Berlin, Germany',
  mailDomains: 'gmail.com|web.de|outlook.com', orgTlds: 'com|de', orgLocals: 'billing|no-reply|info|service',
  docSources: 'gdrive|gdrive|gdrive|dropbox|mail|easio|whatsapp', tags: 'important|todo|scan',
};

// biome-ignore format: a data table, one binder to a few lines
const EXAMS: Omit<Spec, 'binder' | 'weight'> = {
  drawer: 'Studies', mix: [3, 3, 1, 0.5, 2, 1.5],
  docs: 'Exam timetable|Past paper|Results transcript|Mark sheet',
  words: 'exam|revision|past|paper|marks|grade|timetable|resit|transcript|module', orgs: 'UCL Examinations|Moodle',
  hosts: 'moodle.ucl.ac.uk|portico.ucl.ac.uk', paths: 'mod/quiz/view.php?id={n}|exams/{word}', places: 'Exam hall, Bloomsbury',
  lines: '{word:cap} exam on {date} at 09:30, two hours.|Revision plan: past papers from {yyyy}.|Provisional mark: 6{q}%.|Resit deadline {due}.',
};

// biome-ignore format: a data table, one binder to a few lines
const HOLDOUT: Flavour = {
  tag: 'h', user: 'Sam', currency: '£', usDates: true,
  drawers: {
    Car: 'car|vehicle|mileage|garage|tyres|engine|registration|mot|parking|fuel',
    Pets: 'dog|puppy|vet|walk|leash|collar|breed|kennel|treats|bella',
    Studies: 'university|course|module|semester|lecture|professor|essay|credits|campus|library|exam',
    Freelance: 'client|project|hours|rate|contract|deliverable|invoice|brief|retainer|milestone',
    Hobbies: 'gear|weekend|session|club|tickets|lens|rope|gig|shoot|trip',
    Flat: 'flat|viewing|landlord|agent|furniture|sofa|broadband|moving|deposit|postcode',
  },
  binders: [
    { drawer: 'Car', binder: 'Service history', weight: 1.2, mix: [5, 1, 1, 1, 2, 1], amt: [60, 900],
      docs: 'Service invoice|Inspection report|MOT certificate|Repair estimate',
      words: 'service|oil|brakes|inspection|mot|tyre|pads|mechanic|warranty|timing belt|odometer',
      orgs: 'Kwik Fit|Halfords Autocentre|Toyota Bristol|Smith & Sons Garage', people: 'Dave Pritchard',
      hosts: 'halfords.com|gov.uk', paths: 'check-mot-history/{ref}|autocentres/{word}', places: 'Smith & Sons Garage, Bristol',
      lines: 'Odometer at service: {nn}{n} miles.|Front brake pads and discs replaced, {amount} parts and labour.|MOT passed on {date} with two advisories.|Next service due at {nn}000 miles or by {due}.' },
    { drawer: 'Car', binder: 'Car insurance', weight: 0.6, mix: [4, 0.5, 1, 0, 3, 0], amt: [200, 1400],
      docs: 'Certificate of motor insurance|Renewal notice|Policy booklet',
      words: 'insurance|policy|premium|excess|no-claims|cover|comprehensive|renewal|driver',
      orgs: 'Admiral|Direct Line|Aviva|Compare the Market', hosts: 'admiral.com|comparethemarket.com',
      paths: 'car-insurance/{word}|my-account/policy/{ref}',
      lines: 'Your premium for the coming year is {amount}.|Compulsory excess {amount2}, voluntary excess £250.|Named driver: Sam Taylor, nine years no-claims discount.|Cover starts at 00:01 on {date}.' },
    { drawer: 'Car', binder: 'Fuel receipts', weight: 2.4, mix: [6, 0.3, 0.2, 1.5, 0.3, 0], amt: [25, 95],
      docs: 'Fuel receipt|Receipt|Charging receipt', words: 'fuel|petrol|diesel|litres|pump|unleaded|station|forecourt|charging|kwh',
      orgs: 'Shell|BP|Esso|Tesco Petrol|Ionity', hosts: 'shell.co.uk', paths: 'find-a-station/{word}',
      places: 'Shell M4 Services|BP Bath Road, Bristol',
      lines: 'Pump {nn}: {nn2}.{q}0 litres unleaded, {amount}.|Paid by card ending {n}.|Station: {org} {word}, thank you for your custom.|VAT number GB {n}{n2}.' },
    { drawer: 'Car', binder: 'Parking fines', weight: 0.15, mix: [4, 1, 0, 1, 1, 0], amt: [35, 110],
      docs: 'Penalty charge notice|Parking ticket|Appeal letter', words: 'penalty|charge|pcn|appeal|contravention|bay|warden|zone',
      orgs: 'Bristol City Council|ParkingEye', places: 'Park Street, Bristol',
      lines: 'Penalty charge notice {ref}, contravention code {nn}.|Reduced to {amount} if paid within 14 days.|My appeal: the bay markings were not visible.' },
    { drawer: 'Pets', binder: 'Vet visits', weight: 1, mix: [3, 2, 0.5, 1.5, 2, 1.5], amt: [40, 600],
      docs: 'Vet invoice|Vaccination record|Lab report|Treatment plan',
      words: 'vet|vaccination|booster|worming|flea|surgery|x-ray|weight|appointment|limp|ears',
      orgs: 'Vets4Pets|Riverside Veterinary Clinic', people: 'Dr. Hannah Cole', hosts: 'vets4pets.com',
      paths: 'pet-advice/{word}|book/{n}', places: 'Riverside Veterinary Clinic, Bristol',
      lines: 'Bella weighed {nn}.{q} kg at today’s check.|Annual booster and kennel cough vaccine given on {date}.|Ear infection, drops twice daily for a week.|Consultation and medication: {amount}.' },
    { drawer: 'Pets', binder: 'Dog training', weight: 0.5, mix: [0.5, 3, 3, 2, 1, 1],
      docs: 'Training plan', words: 'training|recall|sit|heel|clicker|puppy|class|treats|lead|socialisation',
      orgs: 'Happy Paws Academy|Kennel Club', people: 'Jo Marsh', hosts: 'youtube.com|thekennelclub.org.uk',
      paths: 'watch?v={ref}|getting-a-dog-or-puppy/training/{word}', places: 'Ashton Court, Bristol|Happy Paws field, Bristol',
      lines: 'Week {nn}: recall with the long line, reward every time.|Practise heel for five minutes before the walk.|Class on Saturday 10:00 at the field.' },
    { drawer: 'Pets', binder: 'Pet supplies', weight: 1.1, mix: [4, 0.5, 2, 0.5, 3, 0], amt: [8, 120],
      docs: 'Order confirmation|Receipt|Delivery note', words: 'kibble|food|toy|bed|harness|chew|grain-free|delivery|subscription|bag',
      orgs: 'Pets at Home|Zooplus|Butternut Box', hosts: 'petsathome.com|zooplus.co.uk', paths: 'product/{word}-{n}|shop/dogs/{word}',
      lines: 'Order {ref}: 12 kg grain-free kibble and two chew toys.|Your subscription delivery arrives on {date}.|Subtotal {amount}, free delivery.' },
    { drawer: 'Studies', binder: 'Thesis', weight: 2.6, mix: [4, 4, 4, 0.5, 2, 0.5],
      docs: 'Draft chapter|Literature review|Thesis outline|Ethics form',
      words: 'thesis|chapter|hypothesis|dataset|methodology|citation|supervisor|draft|survey|regression|sample',
      orgs: 'UCL|Overleaf|Zotero', people: 'Prof. Alan Reid|Dr. Maya Shah', hosts: 'arxiv.org|scholar.google.com|overleaf.com',
      paths: 'abs/2{nn}0.{n}|scholar?q={word}+{word2}|project/{ref:low}',
      titles: '[2{nn}0.{n}] {word:cap} {word2} under {word3} - arXiv|{word:cap} {word2} - Google Scholar|Thesis draft - Overleaf',
      lines: 'Chapter {q}: the {word} section still needs a clearer argument.|Supervisor meeting: tighten the {word} methodology.|The dataset has {n} survey responses after cleaning.|The regression results table goes into the appendix.' },
    { drawer: 'Studies', binder: 'Lecture notes', weight: 1.6, mix: [2, 6, 1.5, 1, 0.5, 1],
      docs: 'Lecture slides|Handout|Problem sheet',
      words: 'lecture|slides|module|week|seminar|reading|handout|definition|theorem|example|tutorial',
      orgs: 'UCL|Moodle', people: 'Dr. Tom Hughes', hosts: 'moodle.ucl.ac.uk',
      paths: 'course/view.php?id={n}|mod/resource/view.php?id={n2}', places: 'Lecture theatre, Gower Street',
      lines: 'Week {nn}: {word} and {word2}, see slides 12 to 30.|Definition: a {word} is stable if it converges.|Reading for the next seminar: chapter {q}.|Example on the board about {word}.' },
    { ...EXAMS, binder: 'Exams 2024', weight: 0.8, year: 2024 },
    { ...EXAMS, binder: 'Exams 2023', weight: 0.6, year: 2023 },
    { drawer: 'Studies', binder: 'Scholarship', weight: 0.16, mix: [3, 1, 1, 0, 2, 0], amt: [1000, 6000],
      docs: 'Award letter|Scholarship terms|Payment schedule', words: 'scholarship|award|bursary|stipend|eligibility|tuition|funding',
      orgs: 'UCL Student Funding|Leverhulme Trust', hosts: 'ucl.ac.uk', paths: 'scholarships/{word}',
      lines: 'You have been awarded {amount} per academic year.|The stipend is paid in three instalments.|Please confirm acceptance by {due}.' },
    { drawer: 'Freelance', binder: 'Client invoices', weight: 2, mix: [6, 0.5, 0.5, 0, 3, 0], amt: [300, 6000],
      docs: 'Invoice|Payment reminder|Remittance advice|Statement of account',
      words: 'invoice|hours|rate|day|net|terms|payable|overdue|remittance|retainer|sort code',
      orgs: 'Bluebird Studio|Harbour Labs|Kite & Co|Oakridge Media', people: 'Chloe Grant|Ben Ortiz',
      hosts: 'app.freeagent.com|wise.com', paths: 'invoices/{n}|transfers/{ref}',
      lines: 'Invoice {ref} for {nn} days at £450 per day.|Payment terms 30 days net, due {due}.|Remittance received: {amount} on {date}.|Please pay to sort code 20-{nn}-{q}9.' },
    { drawer: 'Freelance', binder: 'Contracts', weight: 0.7, mix: [5, 1, 0.5, 0, 2, 0],
      docs: 'Statement of work|Master services agreement|NDA|Contract amendment',
      words: 'agreement|clause|term|liability|confidentiality|ip|scope|signature|termination|schedule',
      orgs: 'Bluebird Studio|Harbour Labs|DocuSign', people: 'Chloe Grant', hosts: 'docusign.net', paths: 'signing/{ref}',
      lines: 'This Statement of Work is governed by the master agreement dated {date}.|Intellectual property transfers on full payment.|Either party may terminate with 30 days written notice.|Signed by both parties via DocuSign.' },
    { drawer: 'Freelance', binder: 'Expenses', weight: 1.2, mix: [6, 0.5, 0.5, 1.5, 1, 0], amt: [5, 900],
      docs: 'Receipt|Expense claim|Subscription invoice',
      words: 'expense|receipt|subscription|software|laptop|train|coworking|mileage|claimable|stationery',
      orgs: 'Apple|Figma|Trainline|WeWork|Staples', hosts: 'trainline.com|figma.com', paths: 'my-account/bookings/{ref}|pricing',
      places: 'WeWork Paddington, London',
      lines: 'Figma Professional, monthly: {amount}.|Train Bristol Temple Meads to London Paddington, return {amount}.|Claimable as a business expense for the {yyyy} tax year.|Coworking day pass on {date}.' },
    { drawer: 'Freelance', binder: 'Client repos', weight: 1.3, mix: [0, 1, 7, 0, 2, 0],
      x: 'harbour-labs/booking-api|bluebird/site|kite/mobile-app|oakridge/cms',
      words: 'merge|request|pipeline|branch|deploy|staging|migration|endpoint|docker|lint',
      orgs: 'GitLab', people: 'Ben Ortiz|Nadia Kaur', hosts: 'gitlab.com',
      paths: '{x}/-/merge_requests/{n}|{x}/-/issues/{n}|{x}/-/pipelines/{n}{n2}|{x}/-/tree/main/{word}',
      titles: '{word:cap} {word2} (!{n}) · Merge requests · {x} · GitLab|Pipeline #{n}{n2} · {x} · GitLab|{x} · GitLab',
      subjects: '{x} | {word:cap} {word2} (!{n})|{x} | Pipeline #{n} has failed for main|Re: {x} | {word:cap} issue #{n}',
      lines: 'Pipeline failed at the {word} stage.|{first} approved this merge request.|Deployed to staging at 16:04.' },
    { drawer: 'Hobbies', binder: 'Climbing', weight: 0.9, mix: [0.5, 2, 2, 4, 1, 1],
      docs: 'Membership form', words: 'climbing|bouldering|route|grade|crag|harness|belay|chalk|rope|quickdraws|crimp',
      orgs: 'The Climbing Academy|UKClimbing', people: 'Ollie Brennan', hosts: 'ukclimbing.com|thecrag.com',
      paths: 'logbook/crags/{word}-{n}|climbing/uk/{word}',
      places: 'Avon Gorge, Bristol|The Climbing Academy, Bristol|Stanage Edge, Peak District',
      lines: 'Sent the 6b at the Avon Gorge on {date}.|Gear list: rope, harness, twelve quickdraws, chalk.|Bouldering session with Ollie on Thursday.' },
    { drawer: 'Hobbies', binder: 'Photography gear', weight: 0.5, mix: [2, 1, 3, 2, 2, 0], amt: [30, 2200],
      docs: 'Receipt|Warranty card|Manual', words: 'lens|camera|aperture|tripod|filter|sensor|mirrorless|prime|zoom|sd card',
      orgs: 'Wex Photo Video|Park Cameras|Fujifilm', hosts: 'wexphotovideo.com|dpreview.com',
      paths: 'products/{word}-{n}|reviews/{word}-{word2}', places: 'Bristol Harbourside',
      lines: 'Fujinon XF 35mm f/2 prime lens, {amount}.|Two-year warranty from the date of purchase.|Sensor cleaning recommended every six months.' },
    { drawer: 'Hobbies', binder: 'Concert tickets', weight: 0.18, mix: [2, 0, 1, 1, 2, 1], amt: [30, 120],
      docs: 'E-ticket|Order confirmation', words: 'concert|tickets|gig|venue|doors|standing|tour|encore',
      orgs: 'Ticketmaster|Colston Hall|See Tickets', hosts: 'ticketmaster.co.uk', paths: 'event/{ref}',
      places: 'Colston Hall, Bristol',
      lines: 'Doors open 19:00, standing tickets, {amount} each.|Tour date: {date}.|Present this e-ticket on your phone.' },
    { drawer: 'Flat', binder: 'Flat hunting', weight: 1, mix: [1, 3, 5, 2, 3, 1],
      docs: 'Tenancy application|Referencing form', words: 'viewing|bedroom|postcode|garden|agent|listing|pcm|furnished|commute|epc',
      orgs: 'Rightmove|Zoopla|Savills|Foxtons', people: 'Emma Walsh', hosts: 'rightmove.co.uk|zoopla.co.uk',
      paths: 'properties/{n}{n2}|to-rent/details/{n}',
      titles: '{q} bedroom flat to rent in {word:cap} Road, Bristol, BS{nn} - Rightmove|Flat to rent in Clifton - Zoopla|{word:cap} listing',
      places: 'Clifton, Bristol|Redland, Bristol|Cotham Hill, Bristol',
      lines: 'Viewing on {date} at 17:30 with Emma from the agency.|£1,250 pcm, unfurnished, available from {due}.|Pros: garden and short commute. Cons: EPC rating D.' },
    { drawer: 'Flat', binder: 'Furniture', weight: 0.6, mix: [3, 1, 3, 2, 2, 0], amt: [25, 1300],
      docs: 'Order confirmation|Delivery note|Assembly instructions|Receipt',
      words: 'sofa|wardrobe|desk|chair|mattress|delivery|assembly|oak|shelf|rug',
      orgs: 'John Lewis|Made.com|Habitat|Facebook Marketplace', hosts: 'johnlewis.com|habitat.co.uk',
      paths: '{word}/p{n}|furniture/{word}-{word2}', places: 'Living room, Clifton',
      lines: 'Three-seater sofa in grey, delivery slot {date} 7am to 1pm.|Assembly: two people, about 90 minutes.|Order {ref}, total {amount}.' },
    { drawer: 'Flat', binder: 'Broadband & phone', weight: 0.5, mix: [5, 0.5, 1, 0, 3, 0], amt: [15, 60],
      docs: 'Bill|Contract summary|Welcome letter', words: 'broadband|fibre|router|mbps|sim|contract|bill|data|roaming|landline',
      orgs: 'BT|Virgin Media|giffgaff|Sky', hosts: 'bt.com|virginmedia.com', paths: 'broadband/{word}|my-account/bills/{ref}',
      lines: 'Your fibre broadband goes live on {date}.|Average download speed 67 Mbps.|This month’s bill: {amount}, collected by Direct Debit.|SIM only plan, 30 GB data, rolling monthly.' },
  ],
  filler: 'Let me know what you think.|Cheers, and speak soon.|Just flagging this so it does not get lost.|Any questions, give me a shout.|Hope you are keeping well.|Not urgent, but worth a look when you have a minute.|Sorry for the slow reply on this one.|Keep this somewhere safe.|That should be all for the moment.|Thanks a lot for your patience.',
  docNames: '{iso} {org} {doc}.pdf|{doc:slug}-{ref:low}.pdf|{org:snake}_{doc:snake}.pdf|{doc} #{n}.pdf|{doc:slug}-{mm}-{yyyy}.docx',
  vagueDocs: 'scan0{nn}.pdf|Untitled document.pdf|download ({nn}).pdf|attachment.pdf|CamScanner {dd}-{mm}-{yyyy}.pdf',
  docOpen: '{org} — {doc} ({iso})|Hi, attached is the {doc:low} we discussed, ref {ref}.|{doc:upper} {ref} · {org} · {date}',
  noteTitles: '{word:cap} — {word2}|{iso} {word}|re {word}|Checklist: {word}|{word:cap} thoughts',
  vagueNotes: 'New note|Untitled|misc',
  noteOpen: '- {word}\n- {word2}\n- {word3}|TODO {word} before {date}|Thinking about the {word} again.',
  linkTitles: '{word:cap}: {word2} and {word3} · {host}|{org} | {word:cap} guide|{word:cap} {word2} ({yyyy})',
  vagueLinks: 'Loading…|{host}|Page not found',
  mailSubjects: '{org}: {doc} #{n}|Quick question about {word}|RE: {word:cap} / {word2}|[Action needed] {word:cap} by {date}|FW: {doc} ({mm}/{yyyy})',
  vagueSubjects: 'hi|Re: re: stuff|following up',
  mailOpen: 'Hey {me},|Hi there,|Morning {me},',
  mailClose: 'Cheers, {sender}|— {sender}|Thanks!\n{sender}',
  eventTitles: '{word:cap} @ {place}|{first} / {word}|Block: {word}',
  eventText: '{place} — ',
  photoNames: 'gallery:PXL_{ymd}_{time}{nn}.jpg|gallery:DSC_{n}.JPG|whatsapp:photo_{n}.jpg',
  exif: '{camera} · {iso} {hm} · {place} · ISO {q}00|Shot on {camera}, {date}, near {place}',
  cameras: 'iPhone 14 Pro|Canon EOS R6|Fujifilm X-T4', home: 'Bristol, UK',
  mailDomains: 'hotmail.co.uk|icloud.com|yahoo.com', orgTlds: 'co.uk|com|io', orgLocals: 'accounts|hello|noreply|team',
  docSources: 'dropbox|dropbox|gdrive|mail|easio|easio|whatsapp', tags: 'keep|urgent|2do',
};

const MONTHS = 'January|February|March|April|May|June|July|August|September|October|November|December'.split(
  '|',
);
const DAY = 86_400_000;
const pad = (n: number, w = 2) => String(n).padStart(w, '0');
const hash = (s: string) => [...s].reduce((h, c) => (Math.imul(h, 31) + c.charCodeAt(0)) >>> 0, 7);

function money(currency: string, value: number): string {
  const [whole = '0', cents = '00'] = value.toFixed(2).split('.');
  return `${currency}${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${cents}`;
}

function transform(value: string, mod: string | undefined): string {
  switch (mod) {
    case 'cap':
      return value.charAt(0).toUpperCase() + value.slice(1);
    case 'low':
      return value.toLowerCase();
    case 'upper':
      return value.toUpperCase();
    case 'up':
      return (value.split(/\s+/)[0] ?? value).replace(/[^\p{L}\p{N}]/gu, '').toUpperCase();
    case 'snake':
      return value.replace(/[^\p{L}\p{N}]+/gu, '_').replace(/^_|_$/g, '');
    case 'slug':
      return value
        .toLowerCase()
        .replace(/[^\p{L}\p{N}]+/gu, '-')
        .replace(/^-|-$/g, '');
    default:
      return value;
  }
}

/** Fills `{key}` and `{key:modifier}` slots for one item; a slot keeps its value within the item. */
class Slots {
  private memo = new Map<string, string>();
  /** Binder lines already used by the item, so that none repeats. */
  readonly used = new Set<string>();

  constructor(
    private rng: Rng,
    private f: Flavour,
    private s: Spec,
    private date: number,
  ) {}

  set(key: string, value: string): void {
    this.memo.set(key, value);
  }

  get(key: string): string {
    const known = this.memo.get(key);
    if (known !== undefined) return known;
    const value = this.make(key.replace(/\d+$/, ''));
    this.memo.set(key, value);
    return value;
  }

  fill(template: string): string {
    return template.replace(/\{(\w+)(?::(\w+))?\}/g, (_, key: string, mod?: string) =>
      transform(this.get(key), mod),
    );
  }

  private make(base: string): string {
    const { rng, f, s } = this;
    const d = new Date(this.date);
    const [y, mm, dd] = [d.getUTCFullYear(), pad(d.getUTCMonth() + 1), pad(d.getUTCDate())];
    const [hh, mi, ss] = [pad(d.getUTCHours()), pad(d.getUTCMinutes()), pad(d.getUTCSeconds())];
    const long = (t: Date) =>
      f.usDates
        ? `${MONTHS[t.getUTCMonth()]} ${t.getUTCDate()}, ${t.getUTCFullYear()}`
        : `${t.getUTCDate()} ${MONTHS[t.getUTCMonth()]} ${t.getUTCFullYear()}`;
    // biome-ignore format: a table of slots
    const calendar: Record<string, string> = {
      date: long(d), month: MONTHS[d.getUTCMonth()] ?? '', yyyy: String(y), mm, dd, iso: `${y}-${mm}-${dd}`,
      ymd: `${y}${mm}${dd}`, time: `${hh}${mi}${ss}`, hms: `${hh}.${mi}.${ss}`, hm: `${hh}:${mi}`, me: f.user,
    };
    // biome-ignore format: a table of slots
    const lists: Record<string, string | undefined> = {
      org: s.orgs ?? s.people ?? f.home, person: s.people ?? 'Alex Morgan', doc: s.docs ?? 'Document',
      place: s.places ?? f.home, host: s.hosts ?? 'example.com', x: s.x ?? s.words, camera: f.cameras,
    };
    const known = calendar[base] ?? (lists[base] ? pick(rng, list(lists[base])) : undefined);
    if (known !== undefined) return known;
    switch (base) {
      case 'word':
        return rng() < 0.3 ? pick(rng, list(f.drawers[s.drawer])) : pick(rng, list(s.words));
      case 'first':
        return (
          this.get('person')
            .replace(/^(Dr\.|Prof\.|Mrs\.|Mr\.|Aunt|Grandma)\s+/, '')
            .split(' ')[0] ?? ''
        ).trim();
      case 'sender':
        return this.get('org');
      case 'amount': {
        const [lo, hi] = s.amt ?? [20, 400];
        return money(f.currency, lo + rng() * (hi - lo));
      }
      case 'ref':
        return `${transform(this.get('doc'), 'up').slice(0, 3) || 'REF'}-${y}-${pad(int(rng, 1, 9999), 4)}`;
      case 'n':
        return String(int(rng, 100, 9999));
      case 'nn':
        return String(int(rng, 1, 28));
      case 'q':
        return String(int(rng, 1, 4));
      case 'due':
        return long(new Date(this.date + int(rng, 14, 30) * DAY));
      default:
        return base;
    }
  }
}

function dateFor(rng: Rng, s: Spec): number {
  const time = int(rng, 7 * 3600, 22 * 3600) * 1000;
  if (s.when) return Date.UTC(s.when[0], s.when[1], 1) + int(rng, 0, s.when[2] - 1) * DAY + time;
  if (s.year) return Date.UTC(s.year, 0, 1) + int(rng, 0, 364) * DAY + time;
  // Two years around a fixed epoch: 2023 and 2024.
  return Date.UTC(2024, 0, 1) + int(rng, -365, 365) * DAY + time;
}

function weighted(rng: Rng, mix: readonly number[]): Kind {
  const total = mix.reduce((a, b) => a + b, 0);
  let r = rng() * total;
  for (let i = 0; i < KINDS.length; i++) {
    r -= mix[i] ?? 0;
    if (r < 0) return KINDS[i] as Kind;
  }
  return 'note';
}

/** A few sentences: binder lines (none twice in an item) with filler among them. */
function sentences(rng: Rng, f: Flavour, s: Spec, slots: Slots, count: number): string {
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    const fresh = list(s.lines).filter((line) => !slots.used.has(line));
    if (fresh.length === 0) break;
    const line = pick(rng, fresh);
    slots.used.add(line);
    out.push(slots.fill(line));
    if (rng() < 0.4) out.push(pick(rng, list(f.filler)));
  }
  return out.join(' ');
}

/** The sender of a mail (or of a mailed attachment): an organisation's address or a person's. */
function senderOf(rng: Rng, f: Flavour, s: Spec, slots: Slots): string {
  if (s.orgs && (!s.people || rng() < 0.6)) {
    const org = slots.get('org');
    const domain = /\.[a-z]+$/.test(org)
      ? org.toLowerCase()
      : `${transform(org, 'slug').replace(/-/g, '')}.${pick(rng, list(f.orgTlds).slice(0, 1 + (hash(org) % 3)))}`;
    slots.set('sender', org);
    return `${org} <${pick(rng, list(f.orgLocals))}@${domain}>`;
  }
  const person = slots.get('person');
  slots.set('sender', person);
  const local = transform(person.replace(/^(Dr\.|Prof\.|Mrs\.|Mr\.)\s+/, ''), 'slug').replace(/-/g, '.');
  return `${person} <${local}@${pick(rng, list(f.mailDomains))}>`;
}

function makeItem(rng: Rng, f: Flavour, s: Spec, kind: Kind): Omit<EngineItem, 'id'> {
  const date = dateFor(rng, s);
  const slots = new Slots(rng, f, s, date);
  const tags = rng() < 0.07 ? [rng() < 0.5 ? s.drawer.toLowerCase() : pick(rng, list(f.tags))] : undefined;
  const base = { date, ...(tags ? { tags } : {}) };
  switch (kind) {
    case 'doc': {
      const name = slots.fill(pick(rng, list(rng() < 0.12 ? f.vagueDocs : f.docNames)));
      const source = pick(rng, list(f.docSources));
      const mimeType = name.endsWith('.docx')
        ? 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'
        : 'application/pdf';
      let text: string | null = null;
      if (rng() >= 0.12) {
        const paras = [
          `${slots.fill(pick(rng, list(f.docOpen)))} ${sentences(rng, f, s, slots, int(rng, 1, 2))}`,
        ];
        if (rng() < 0.6) paras.push(sentences(rng, f, s, slots, int(rng, 1, 3)));
        if (rng() < 0.3) {
          const filler = list(f.filler);
          const i = int(rng, 0, filler.length - 1);
          paras.push(`${filler[i]} ${filler[(i + int(rng, 1, filler.length - 1)) % filler.length]}`);
        }
        text = paras.join('\n\n');
      }
      const email =
        source === 'mail'
          ? {
              from: senderOf(rng, f, s, slots),
              subject: slots.fill(pick(rng, list(s.subjects ?? f.mailSubjects))),
            }
          : null;
      return { ...base, kind: 'file_object', name, source, mimeType, text, ...(email ? { email } : {}) };
    }
    case 'note': {
      const name = slots.fill(pick(rng, list(rng() < 0.1 ? f.vagueNotes : f.noteTitles)));
      const text = `${slots.fill(pick(rng, list(f.noteOpen)))}\n${sentences(rng, f, s, slots, int(rng, 1, 3))}`;
      return { ...base, kind: 'note_object', name, source: 'easio', text };
    }
    case 'link': {
      const hosts = list(s.hosts);
      const host = rng() < 0.8 ? (hosts[0] ?? 'example.com') : pick(rng, hosts);
      slots.set('host', host);
      const path = slots.fill(pick(rng, list(s.paths ?? '{word}'))).replace(/\s+/g, '-');
      const name = slots.fill(pick(rng, list(rng() < 0.08 ? f.vagueLinks : (s.titles ?? f.linkTitles))));
      const text = rng() < 0.55 ? sentences(rng, f, s, slots, int(rng, 1, 2)) : null;
      const source = rng() < 0.15 ? 'whatsapp' : 'easio';
      return { ...base, kind: 'url_object', name, source, url: `https://${host}/${path}`, text };
    }
    case 'photo': {
      const [source = 'gallery', template = ''] = pick(rng, list(f.photoNames)).split(/:(.*)/s);
      const text = rng() < 0.7 ? slots.fill(pick(rng, list(f.exif))) : null;
      return {
        ...base,
        kind: 'file_object',
        name: slots.fill(template),
        source,
        mimeType: 'image/jpeg',
        text,
      };
    }
    case 'mail': {
      const from = senderOf(rng, f, s, slots);
      const subject = slots.fill(
        pick(rng, list(rng() < 0.06 ? f.vagueSubjects : (s.subjects ?? f.mailSubjects))),
      );
      const text = [
        slots.fill(pick(rng, list(f.mailOpen))),
        sentences(rng, f, s, slots, int(rng, 1, 3)),
        slots.fill(pick(rng, list(f.mailClose))),
      ].join('\n\n');
      return { ...base, kind: 'email_object', name: subject, source: 'mail', text, email: { from, subject } };
    }
    case 'event': {
      const name = slots.fill(pick(rng, list(f.eventTitles)));
      const text = slots.fill(f.eventText) + sentences(rng, f, s, slots, 1);
      return { ...base, kind: 'event_object', name, source: 'calendar', text };
    }
  }
}

/** A synthetic desk for the seed: binders in their drawers, each with its filed items (sorted by date). */
export function syntheticCorpus(options: CorpusOptions): CorpusBinder[] {
  const { seed, perBinder = 30, flavour = 'tuning' } = options;
  const f = flavour === 'holdout' ? HOLDOUT : TUNING;
  const rng = seededRandom(hash(`${flavour}:${seed}`) ^ Math.imul(seed | 0, 0x9e3779b1));
  const totalWeight = f.binders.reduce((a, s) => a + s.weight, 0);
  const binders = f.binders.map((s) => {
    const size = Math.max(
      3,
      Math.round(((perBinder * s.weight * f.binders.length) / totalWeight) * (0.85 + 0.3 * rng())),
    );
    const items = Array.from({ length: size }, () => makeItem(rng, f, s, weighted(rng, s.mix)));
    return { drawer: s.drawer, binder: s.binder, items };
  });
  // Number the items in a shuffled order, so an id says nothing of the binder.
  const total = binders.reduce((a, b) => a + b.items.length, 0);
  const numbers = Array.from({ length: total }, (_, i) => i + 1);
  for (let i = total - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    [numbers[i], numbers[j]] = [numbers[j] as number, numbers[i] as number];
  }
  let next = 0;
  return binders.map((b) => ({
    drawer: b.drawer,
    binder: b.binder,
    items: b.items
      .map((item) => ({ id: `syn-${seed}-${f.tag}${numbers[next++]}`, ...item }))
      .sort((a, b) => (a.date ?? 0) - (b.date ?? 0)),
  }));
}
