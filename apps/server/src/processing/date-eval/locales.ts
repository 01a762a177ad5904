/** What the generated documents are written in: a language (tesseract code), its words and its regions. */
export interface Locale {
  language: string;
  /** Regions whose accounts get documents in this language; the first writes numeric dates its way. */
  regions: string[];
  months: string[];
  /** Abbreviations as printed (without the dot some add). */
  short: string[];
  weekdays: string[];
  words: {
    invoice: string;
    invoiceDate: string;
    dueDate: string;
    orderDate: string;
    date: string;
    invoiceNo: string;
    customerNo: string;
    phone: string;
    total: string;
    period: string;
    yourLetter: string;
    greeting: string;
    closing: string;
    item: string;
  };
  /** Long form of a day and month: "12 March 2024", "12. März 2024", "12 de marzo de 2024". */
  long: (day: number, month: string, year: number) => string;
  cities: string[];
  postcodes: () => string;
}

const en = (day: number, month: string, year: number) => `${day} ${month} ${year}`;

export const LOCALES: Locale[] = [
  {
    language: 'eng',
    regions: ['GB', 'US', 'IE', 'AU', 'IN'],
    months: 'January February March April May June July August September October November December'.split(
      ' ',
    ),
    short: 'Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec'.split(' '),
    weekdays: 'Sunday Monday Tuesday Wednesday Thursday Friday Saturday'.split(' '),
    words: {
      invoice: 'INVOICE',
      invoiceDate: 'Invoice date',
      dueDate: 'Due date',
      orderDate: 'Order date',
      date: 'Date',
      invoiceNo: 'Invoice no.',
      customerNo: 'Customer no.',
      phone: 'Phone',
      total: 'Total',
      period: 'Service period',
      yourLetter: 'Re: your letter of',
      greeting: 'Dear Ms Smith,',
      closing: 'Yours sincerely,',
      item: 'Consulting services',
    },
    long: en,
    cities: ['London', 'Manchester', 'New York', 'Chicago', 'Dublin', 'Sydney'],
    postcodes: () => 'SW1A 1AA',
  },
  {
    language: 'fra',
    regions: ['FR', 'BE', 'CH'],
    months: 'janvier février mars avril mai juin juillet août septembre octobre novembre décembre'.split(' '),
    short: 'janv. févr. mars avr. mai juin juil. août sept. oct. nov. déc.'.split(' '),
    weekdays: 'dimanche lundi mardi mercredi jeudi vendredi samedi'.split(' '),
    words: {
      invoice: 'FACTURE',
      invoiceDate: 'Date de facture',
      dueDate: "Date d'échéance",
      orderDate: 'Date de commande',
      date: 'Date',
      invoiceNo: 'Facture n°',
      customerNo: 'N° client',
      phone: 'Tél.',
      total: 'Total TTC',
      period: 'Période',
      yourLetter: 'Objet : votre courrier du',
      greeting: 'Madame, Monsieur,',
      closing: 'Veuillez agréer nos salutations distinguées.',
      item: 'Prestations de conseil',
    },
    long: (day, month, year) => `${day === 1 ? '1er' : day} ${month} ${year}`,
    cities: ['Paris', 'Lyon', 'Bruxelles', 'Genève'],
    postcodes: () => '75008',
  },
  {
    language: 'deu',
    regions: ['DE', 'AT', 'CH'],
    months: 'Januar Februar März April Mai Juni Juli August September Oktober November Dezember'.split(' '),
    short: 'Jan. Feb. März Apr. Mai Juni Juli Aug. Sept. Okt. Nov. Dez.'.split(' '),
    weekdays: 'Sonntag Montag Dienstag Mittwoch Donnerstag Freitag Samstag'.split(' '),
    words: {
      invoice: 'RECHNUNG',
      invoiceDate: 'Rechnungsdatum',
      dueDate: 'Fällig am',
      orderDate: 'Bestelldatum',
      date: 'Datum',
      invoiceNo: 'Rechnungsnr.',
      customerNo: 'Kundennr.',
      phone: 'Tel.',
      total: 'Gesamtbetrag',
      period: 'Leistungszeitraum',
      yourLetter: 'Ihr Schreiben vom',
      greeting: 'Sehr geehrte Damen und Herren,',
      closing: 'Mit freundlichen Grüßen',
      item: 'Beratungsleistungen',
    },
    long: (day, month, year) => `${day}. ${month} ${year}`,
    cities: ['Berlin', 'München', 'Wien', 'Zürich'],
    postcodes: () => '10115',
  },
  {
    language: 'spa',
    regions: ['ES', 'MX', 'AR'],
    months: 'enero febrero marzo abril mayo junio julio agosto septiembre octubre noviembre diciembre'.split(
      ' ',
    ),
    short: 'ene. feb. mar. abr. may. jun. jul. ago. sept. oct. nov. dic.'.split(' '),
    weekdays: 'domingo lunes martes miércoles jueves viernes sábado'.split(' '),
    words: {
      invoice: 'FACTURA',
      invoiceDate: 'Fecha de factura',
      dueDate: 'Fecha de vencimiento',
      orderDate: 'Fecha de pedido',
      date: 'Fecha',
      invoiceNo: 'Factura n.º',
      customerNo: 'N.º de cliente',
      phone: 'Tel.',
      total: 'Total',
      period: 'Periodo',
      yourLetter: 'Ref.: su carta del',
      greeting: 'Estimada señora:',
      closing: 'Atentamente,',
      item: 'Servicios de consultoría',
    },
    long: (day, month, year) => `${day} de ${month} de ${year}`,
    cities: ['Madrid', 'Barcelona', 'Ciudad de México', 'Buenos Aires'],
    postcodes: () => '28013',
  },
  {
    language: 'ita',
    regions: ['IT'],
    months:
      'gennaio febbraio marzo aprile maggio giugno luglio agosto settembre ottobre novembre dicembre'.split(
        ' ',
      ),
    short: 'gen. feb. mar. apr. mag. giu. lug. ago. set. ott. nov. dic.'.split(' '),
    weekdays: 'domenica lunedì martedì mercoledì giovedì venerdì sabato'.split(' '),
    words: {
      invoice: 'FATTURA',
      invoiceDate: 'Data fattura',
      dueDate: 'Scadenza',
      orderDate: 'Data ordine',
      date: 'Data',
      invoiceNo: 'Fattura n.',
      customerNo: 'Cod. cliente',
      phone: 'Tel.',
      total: 'Totale',
      period: 'Periodo',
      yourLetter: 'Oggetto: Vs. lettera del',
      greeting: 'Gentile Signora,',
      closing: 'Distinti saluti',
      item: 'Servizi di consulenza',
    },
    long: en,
    cities: ['Roma', 'Milano', 'Torino'],
    postcodes: () => '00184',
  },
  {
    language: 'nld',
    regions: ['NL', 'BE'],
    months: 'januari februari maart april mei juni juli augustus september oktober november december'.split(
      ' ',
    ),
    short: 'jan. feb. mrt. apr. mei jun. jul. aug. sep. okt. nov. dec.'.split(' '),
    weekdays: 'zondag maandag dinsdag woensdag donderdag vrijdag zaterdag'.split(' '),
    words: {
      invoice: 'FACTUUR',
      invoiceDate: 'Factuurdatum',
      dueDate: 'Vervaldatum',
      orderDate: 'Besteldatum',
      date: 'Datum',
      invoiceNo: 'Factuurnr.',
      customerNo: 'Klantnr.',
      phone: 'Tel.',
      total: 'Totaal',
      period: 'Periode',
      yourLetter: 'Betreft: uw brief van',
      greeting: 'Geachte mevrouw,',
      closing: 'Met vriendelijke groet,',
      item: 'Advieswerkzaamheden',
    },
    long: en,
    cities: ['Amsterdam', 'Rotterdam', 'Utrecht'],
    postcodes: () => '1012 AB',
  },
  {
    language: 'por',
    regions: ['PT', 'BR'],
    months: 'janeiro fevereiro março abril maio junho julho agosto setembro outubro novembro dezembro'.split(
      ' ',
    ),
    short: 'jan. fev. mar. abr. mai. jun. jul. ago. set. out. nov. dez.'.split(' '),
    weekdays: 'domingo segunda-feira terça-feira quarta-feira quinta-feira sexta-feira sábado'.split(' '),
    words: {
      invoice: 'FATURA',
      invoiceDate: 'Data da fatura',
      dueDate: 'Data de vencimento',
      orderDate: 'Data do pedido',
      date: 'Data',
      invoiceNo: 'Fatura n.º',
      customerNo: 'N.º cliente',
      phone: 'Tel.',
      total: 'Total',
      period: 'Período',
      yourLetter: 'Assunto: sua carta de',
      greeting: 'Prezada senhora,',
      closing: 'Atenciosamente,',
      item: 'Serviços de consultoria',
    },
    long: (day, month, year) => `${day} de ${month} de ${year}`,
    cities: ['Lisboa', 'Porto', 'São Paulo'],
    postcodes: () => '1100-148',
  },
];
