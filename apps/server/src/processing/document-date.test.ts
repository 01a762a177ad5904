import { describe, expect, it } from 'vitest';
import { DATE_SCAN_CHARS, dayOrderOf, findDocumentDate } from './document-date.js';

const today = new Date('2026-11-27T10:00:00Z');
const dateIn = (text: string, options: Parameters<typeof findDocumentDate>[1] = {}) =>
  findDocumentDate(text, { today, ...options })?.date ?? null;

describe('findDocumentDate', () => {
  it('reads ISO dates and says where the date was written', () => {
    expect(findDocumentDate('Invoice date: 2024-03-12, paid', { today })).toEqual({
      date: '2024-03-12',
      match: '2024-03-12',
      index: 14,
    });
    expect(dateIn('Created 2024-03-12T10:15:00Z')).toBe('2024-03-12');
    expect(dateIn('2024/3/5')).toBe('2024-03-05');
  });

  it('reads numeric dates in the order of the account’s region', () => {
    expect(dateIn('Date: 03/04/2024')).toBe('2024-04-03');
    expect(dateIn('Date: 03/04/2024', { region: 'GB' })).toBe('2024-04-03');
    expect(dateIn('Date: 03/04/2024', { region: 'us' })).toBe('2024-03-04');
    expect(dateIn('Datum: 03.04.2024', { region: 'DE' })).toBe('2024-04-03');
    expect(dateIn('24/03/12', { region: 'JP' })).toBe('2024-03-12');
    expect(dateIn('24.03.12', { region: 'DE' })).toBe('2012-03-24');
    expect(dateIn('2024. 03. 12.', { region: 'HU' })).toBe('2024-03-12');
  });

  it('reads an unambiguous numeric date right whatever the region', () => {
    expect(dateIn('25/12/2024', { region: 'US' })).toBe('2024-12-25');
    expect(dateIn('12/25/2024', { region: 'FR' })).toBe('2024-12-25');
    expect(dateIn('12/25/2024')).toBe('2024-12-25');
  });

  it('reads numeric dates in the order another date of the document shows', () => {
    const british = 'Date: 04/06/2024\nRe: your letter of 22/05/2024';
    expect(dateIn(british, { region: 'US' })).toBe('2024-06-04');
    const american = 'Date: 04/06/2024\nRe: your letter of 05/22/2024';
    expect(dateIn(american, { region: 'GB' })).toBe('2024-04-06');
    const mixed = 'Date: 04/06/2024, 05/22/2024, 22/05/2024';
    expect(dateIn(mixed, { region: 'GB' })).toBe('2024-06-04');
    expect(dateIn('24/03/12 and 25/12/2024', { region: 'JP' })).toBe('2012-03-24');
    expect(dateIn('24/03/12 and 2024-12-25', { region: 'JP' })).toBe('2024-03-12');
  });

  it('passes over dates labelled as other dates while the text holds another', () => {
    expect(dateIn('Order date 01.03.2024  Invoice date 12.03.2024')).toBe('2024-03-12');
    expect(dateIn('Ihre Nachricht vom 01.03.2024\nDatum: 12.03.2024')).toBe('2024-03-12');
    expect(dateIn('Période : 01/02/2024 au 29/02/2024\nDate de facture : 05/03/2024')).toBe('2024-03-05');
    expect(dateIn('Fecha de vencimiento: 30/04/2024. Fecha: 01/04/2024')).toBe('2024-04-01');
    expect(dateIn('Due date: 11.04.2024')).toBe('2024-04-11');
    expect(dateIn('Invoice date 12.03.2024 Due date 11.04.2024')).toBe('2024-03-12');
  });

  it('reads two-digit years as this century unless that is in the future', () => {
    expect(dateIn('12.03.24')).toBe('2024-03-12');
    expect(dateIn('12.03.98')).toBe('1998-03-12');
    expect(dateIn('3/4/26', { region: 'US' })).toBe('2026-03-04');
    expect(dateIn('3/4/27', { region: 'US' })).toBe('1927-03-04');
  });

  it('reads month names and abbreviations in English', () => {
    for (const written of [
      '12 March 2024',
      'March 12, 2024',
      'MARCH 12TH, 2024',
      '12th of March 2024',
      'Mar. 12 2024',
      '12-Mar-2024',
      '12-mar-24',
      'Tuesday, 12 March 2024',
      "12 Mar '24",
    ]) {
      expect(dateIn(`Letter of ${written} to the board`), written).toBe('2024-03-12');
    }
  });

  it('reads month names in the OCR languages, with or without accents', () => {
    expect(dateIn('Paris, le 1er décembre 2023', { languages: ['fra'] })).toBe('2023-12-01');
    expect(dateIn('PARIS, LE 3 DECEMBRE 2023', { languages: ['fra'] })).toBe('2023-12-03');
    expect(dateIn('Berlin, den 12. März 2024', { languages: ['deu'] })).toBe('2024-03-12');
    expect(dateIn('Berlin, den 12. Maerz 2024', { languages: ['deu'] })).toBe('2024-03-12');
    expect(dateIn('Madrid, 12 de marzo de 2024', { languages: ['spa'] })).toBe('2024-03-12');
    expect(dateIn('Roma, 5 settembre 2022', { languages: ['ita'] })).toBe('2022-09-05');
    expect(dateIn('Amsterdam, 7 mrt. 2021', { languages: ['nld'] })).toBe('2021-03-07');
    expect(dateIn('Lisboa, 9 de março de 2020', { languages: ['por'] })).toBe('2020-03-09');
    expect(dateIn('Warszawa, 12 marca 2024', { languages: ['pol'] })).toBe('2024-03-12');
    expect(dateIn('東京 2024年3月12日')).toBe('2024-03-12');
  });

  it('knows month names only in the languages given (and English), all of them when none are', () => {
    expect(dateIn('Roma, 5 settembre 2022', { languages: ['deu'] })).toBeNull();
    expect(dateIn('Roma, 5 settembre 2022')).toBe('2022-09-05');
    expect(dateIn('London, 5 September 2022', { languages: ['deu'] })).toBe('2022-09-05');
    expect(dateIn('Roma, 5 settembre 2022', { languages: ['ita+eng'] })).toBe('2022-09-05');
  });

  it('takes the first plausible date in reading order', () => {
    const invoice =
      'Invoice INV-2024-0042\nDate: 14.03.2023\nDue date: 13.04.2023\nPeriod 01.02.2023–28.02.2023';
    expect(dateIn(invoice)).toBe('2023-03-14');
    expect(dateIn('Valid until 31.12.2099. Issued 02.01.2024')).toBe('2024-01-02');
  });

  it('skips impossible, too old and future days, and the days it is told to ignore', () => {
    expect(dateIn('31.02.2024')).toBeNull();
    expect(dateIn('29.02.2023')).toBeNull();
    expect(dateIn('29.02.2024')).toBe('2024-02-29');
    expect(dateIn('Founded 01.01.1899')).toBeNull();
    expect(dateIn('28.11.2026')).toBe('2026-11-28');
    expect(dateIn('29.11.2026')).toBeNull();
    expect(dateIn('Born 05.06.1980, signed 01.02.2024', { ignore: ['1980-06-05'] })).toBe('2024-02-01');
  });

  it('does not take phone numbers, amounts, times, versions, IBANs or numbers inside longer runs', () => {
    for (const text of [
      'Tel. 06.12.34.56.78',
      'Phone +1 555-123-4567',
      'Call 030/12 03 20 24',
      'Total 12.03 EUR, VAT 1.234,56 €',
      'Open 12:03 to 20:24',
      'Version 2.10.14',
      'v1.2.3',
      '1.2.3',
      'IBAN DE89 3704 0044 0532 0130 00',
      'Invoice INV-2024-03-12',
      'Reference 112/03/2024',
      'Order 12/03/20245',
      'Server 10.12.24.1',
      'SKU 12-03-2024-7',
      '75008 Paris',
      'Page 3 of 12',
    ]) {
      expect(dateIn(text), text).toBeNull();
    }
  });

  it('reads only the start of a long text', () => {
    const filler = 'x'.repeat(DATE_SCAN_CHARS);
    expect(dateIn(`${filler} 12.03.2024`)).toBeNull();
    expect(dateIn(`12.03.2024 ${filler}`)).toBe('2024-03-12');
  });

  it('keeps indexes of the original text when folding changes it', () => {
    const text = 'ÉTÉ İİ — 3 décembre 2023';
    const found = findDocumentDate(text, { today });
    expect(found?.match).toBe('3 décembre 2023');
    expect(text.slice(found?.index)).toBe('3 décembre 2023');
  });
});

describe('dayOrderOf', () => {
  it('is month first for the US, year first for East Asia, Hungary and Lithuania, else day first', () => {
    expect(dayOrderOf('US')).toBe('MDY');
    expect(dayOrderOf('ph')).toBe('MDY');
    expect(dayOrderOf('JP')).toBe('YMD');
    expect(dayOrderOf('HU')).toBe('YMD');
    expect(dayOrderOf('DE')).toBe('DMY');
    expect(dayOrderOf(null)).toBe('DMY');
  });
});
