/**
 * Labels of dates that are not the document's own: when it is due, ordered, delivered, valid until,
 * the period it covers, the letter it answers, someone's birthday. Folded (lower case, no accents);
 * English, French, German, Spanish, Italian, Dutch and Portuguese.
 */
const LABELS = [
  // eng
  'due',
  'payable by',
  'pay by',
  'order date',
  'ordered',
  'delivery',
  'delivered',
  'ship date',
  'shipped',
  'your letter',
  'your message',
  'your ref',
  'valid until',
  'valid to',
  'expires',
  'expiry',
  'period',
  'born',
  'birth',
  // fra
  'echeance',
  'commande',
  'livraison',
  'votre courrier',
  'votre lettre',
  'valable',
  'naissance',
  'ne le',
  'nee le',
  // deu
  'fallig',
  'zahlbar',
  'bestell',
  'liefer',
  'leistungszeitraum',
  'ihr schreiben',
  'ihre nachricht',
  'ihr zeichen',
  'gultig',
  'geboren',
  'geburt',
  // spa
  'vencimiento',
  'pedido',
  'entrega',
  'su carta',
  'valido',
  'periodo',
  'nacimiento',
  // ita
  'scadenza',
  'ordine',
  'consegna',
  'lettera del',
  'fino al',
  'nato il',
  'nata il',
  'nascita',
  // nld
  'vervaldatum',
  'vervalt',
  'besteldatum',
  'levering',
  'uw brief',
  'geldig',
  'periode',
  // por
  'vencimento',
  'sua carta',
  'valido ate',
  'nascimento',
];

const LABEL = new RegExp(`(?<!\\p{L})(?:${LABELS.join('|')})`, 'u');
/** How far before a date its label is looked for, on its line, after any number before it. */
const LABEL_REACH = 40;

/** Whether the words just before the date at `index` (folded text) name it as another date. */
export function labelledAsOther(folded: string, index: number): boolean {
  const before = folded.slice(Math.max(0, index - LABEL_REACH), index);
  const own = before.slice(Math.max(before.lastIndexOf('\n'), before.search(/\d[^\d]*$/)) + 1);
  return LABEL.test(own);
}
