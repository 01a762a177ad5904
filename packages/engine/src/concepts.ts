/**
 * What people file a personal desk by: each concept's names (as a binder or drawer is called) and
 * the words its papers carry. So an empty binder called "Utilities" draws an electricity bill, and a
 * new group of tax letters is offered the name "Taxes". English only, like the stop words.
 */
export interface Concept {
  /** Names a person gives such a binder, the usual one first. */
  names: string[];
  /** Words its items say (lower case, singular). */
  cues: string[];
  /** The drawer it usually sits in. */
  drawer: string;
}

export const CONCEPTS: Concept[] = [
  {
    names: ['Taxes', 'Tax'],
    cues: ['tax', 'irs', 'hmrc', 'deduction', 'taxable', 'withholding', 'vat', 'assessment', 'refund'],
    drawer: 'Finance',
  },
  {
    names: ['Utilities', 'Utility bills'],
    cues: ['electricity', 'utility', 'gas', 'water', 'energy', 'kwh', 'meter', 'broadband', 'sewer', 'power'],
    drawer: 'Home',
  },
  {
    names: ['Insurance'],
    cues: ['insurance', 'policy', 'premium', 'claim', 'insured', 'insurer', 'coverage', 'deductible'],
    drawer: 'Finance',
  },
  {
    names: ['Bank', 'Banking', 'Bank statements'],
    cues: [
      'bank',
      'statement',
      'account',
      'balance',
      'iban',
      'deposit',
      'withdrawal',
      'transfer',
      'overdraft',
    ],
    drawer: 'Finance',
  },
  {
    names: ['Invoices', 'Bills'],
    cues: ['invoice', 'bill', 'amount', 'due', 'payment', 'billing', 'total', 'vat'],
    drawer: 'Finance',
  },
  {
    names: ['Receipts', 'Purchases', 'Orders'],
    cues: ['receipt', 'order', 'purchase', 'shipped', 'delivery', 'item', 'qty', 'subtotal', 'store'],
    drawer: 'Finance',
  },
  {
    names: ['Payslips', 'Salary'],
    cues: ['payslip', 'salary', 'payroll', 'gross', 'net', 'employer', 'wage', 'earnings'],
    drawer: 'Work',
  },
  {
    names: ['Investments', 'Pension'],
    cues: [
      'investment',
      'portfolio',
      'dividend',
      'fund',
      'shares',
      'stock',
      'pension',
      'retirement',
      'broker',
    ],
    drawer: 'Finance',
  },
  {
    names: ['Loans', 'Mortgage'],
    cues: ['loan', 'mortgage', 'interest', 'repayment', 'lender', 'principal', 'instalment', 'installment'],
    drawer: 'Finance',
  },
  {
    names: ['Health', 'Medical'],
    cues: [
      'doctor',
      'medical',
      'prescription',
      'hospital',
      'clinic',
      'patient',
      'vaccine',
      'dentist',
      'diagnosis',
      'health',
      'lab',
      'blood',
    ],
    drawer: 'Health',
  },
  {
    names: ['Car', 'Vehicle'],
    cues: [
      'car',
      'vehicle',
      'mot',
      'mileage',
      'garage',
      'tyre',
      'tire',
      'service',
      'registration',
      'fuel',
      'oil',
    ],
    drawer: 'Home',
  },
  {
    names: ['Home', 'House', 'Rent'],
    cues: ['rent', 'lease', 'landlord', 'tenant', 'tenancy', 'property', 'deposit', 'repair', 'apartment'],
    drawer: 'Home',
  },
  {
    names: ['Travel', 'Trips'],
    cues: ['trip', 'travel', 'itinerary', 'hotel', 'flight', 'booking', 'reservation', 'visa', 'passport'],
    drawer: 'Travel',
  },
  {
    names: ['Flights', 'Tickets'],
    cues: ['flight', 'boarding', 'airline', 'airport', 'gate', 'seat', 'departure', 'arrival', 'ticket'],
    drawer: 'Travel',
  },
  {
    names: ['School', 'Education'],
    cues: [
      'school',
      'teacher',
      'class',
      'homework',
      'grade',
      'course',
      'student',
      'exam',
      'university',
      'lesson',
    ],
    drawer: 'Family',
  },
  {
    names: ['Work', 'Projects'],
    cues: ['meeting', 'project', 'client', 'proposal', 'deadline', 'team', 'report', 'presentation'],
    drawer: 'Work',
  },
  {
    names: ['Contracts', 'Agreements'],
    cues: ['contract', 'agreement', 'party', 'parties', 'clause', 'term', 'signed', 'signature', 'hereby'],
    drawer: 'Legal',
  },
  {
    names: ['Identity', 'ID documents'],
    cues: ['passport', 'identity', 'license', 'licence', 'birth', 'certificate', 'nationality', 'id'],
    drawer: 'Legal',
  },
  {
    names: ['Recipes'],
    cues: ['recipe', 'ingredient', 'cup', 'tbsp', 'tsp', 'bake', 'oven', 'simmer', 'flour', 'sugar', 'salt'],
    drawer: 'Home',
  },
  {
    names: ['Manuals', 'Warranties'],
    cues: ['manual', 'warranty', 'instructions', 'model', 'guarantee', 'serial', 'installation'],
    drawer: 'Home',
  },
  {
    names: ['Pets'],
    cues: ['pet', 'vet', 'veterinary', 'dog', 'cat', 'puppy', 'kitten', 'vaccination'],
    drawer: 'Family',
  },
  {
    names: ['Subscriptions'],
    cues: ['subscription', 'renewal', 'membership', 'plan', 'monthly', 'cancel', 'renew'],
    drawer: 'Finance',
  },
  {
    names: ['Phone', 'Mobile'],
    cues: ['phone', 'mobile', 'sim', 'minutes', 'roaming', 'data', 'carrier'],
    drawer: 'Home',
  },
  {
    names: ['Photos'],
    cues: ['photo', 'camera', 'picture', 'album'],
    drawer: 'Photos',
  },
  {
    names: ['Code', 'Repositories'],
    cues: ['github', 'repository', 'code', 'commit', 'pull', 'gitlab', 'release', 'issue'],
    drawer: 'Work',
  },
];

/** The singular of an English word as a filing name is written (`taxes` → `tax`, `policies` → `policy`). */
export function singular(word: string): string {
  const w = word.toLowerCase();
  if (w.length > 4 && w.endsWith('ies')) return `${w.slice(0, -3)}y`;
  if (w.length > 4 && /(?:ches|shes|sses|xes|zes)$/.test(w)) return w.slice(0, -2);
  if (w.length > 3 && w.endsWith('s') && !/(?:ss|us|is)$/.test(w)) return w.slice(0, -1);
  return w;
}

/** The concept a binder or drawer name means, when it is one of a concept's names (or its words). */
export function conceptNamed(name: string): Concept | undefined {
  const words = (name.toLowerCase().match(/\p{L}+/gu) ?? []).map(singular);
  if (words.length === 0) return undefined;
  const key = words.join(' ');
  return CONCEPTS.find((c) =>
    c.names.some((n) => {
      const own = (n.toLowerCase().match(/\p{L}+/gu) ?? []).map(singular);
      return own.join(' ') === key || (words.length === 1 && own[0] === key);
    }),
  );
}
