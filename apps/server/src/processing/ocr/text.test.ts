import { describe, expect, it } from 'vitest';
import {
  clearText,
  confidentText,
  lacksText,
  mayHoldText,
  mergePageTexts,
  needsOcr,
  type ReadParagraph,
} from './text.js';

const words = (line: string, confidence = 90) => line.split(' ').map((text) => ({ text, confidence }));

describe('confidentText', () => {
  it('keeps confident words, a line per line and a blank line between paragraphs', () => {
    const paragraphs: ReadParagraph[] = [
      [words('Dear Mrs Holloway,'), [...words('thank you'), { text: 'x#', confidence: 20 }]],
      [words('Kind regards')],
    ];
    const page = confidentText(paragraphs);
    expect(page.text).toBe('Dear Mrs Holloway,\nthank you\n\nKind regards');
    expect(page.confidence).toBe(90);
    expect(page.words).toBe(7);
  });

  it('treats stray marks (lone characters, a word or two) as no text', () => {
    const grass: ReadParagraph[] = [[words('1 1 1'), words('l I'), words('qt 1', 80)]];
    expect(confidentText(grass)).toEqual({ text: '', confidence: null, words: 0 });
    expect(confidentText([[words('Exit')]]).text).toBe('');
  });

  it('averages the confidence of the words kept only', () => {
    const page = confidentText([[words('Invoice number', 80), words('payable within thirty days', 100)]]);
    expect(page.confidence).toBeCloseTo((80 * 2 + 100 * 4) / 6);
    expect(confidentText([[words('faint words everywhere here', 40)]]).text).toBe('');
  });
});

describe('mayHoldText', () => {
  it('sees a word of three letters read with some confidence', () => {
    expect(mayHoldText([[words('ab 1 x', 90)]])).toBe(false);
    expect(mayHoldText([[words('milk', 35)]])).toBe(true);
    expect(mayHoldText([[words('milk', 10)]])).toBe(false);
  });
});

describe('needsOcr', () => {
  it('reads images that may hold text, and PDFs with a page without a text layer', () => {
    expect(needsOcr('image/png', null)).toBe(true);
    expect(needsOcr('image/jpeg; q=1', null)).toBe(true);
    expect(needsOcr('image/heic', null)).toBe(false);
    expect(needsOcr('image/svg+xml', null)).toBe(false);
    expect(needsOcr('text/plain', null)).toBe(false);
    expect(needsOcr('application/pdf', ['A full page of its own text, well over the minimum'])).toBe(false);
    expect(needsOcr('application/pdf', ['A full page of its own text, well over the minimum', ' 2 '])).toBe(
      true,
    );
    expect(needsOcr('application/pdf', null)).toBe(false);
  });

  it('counts a page with a few characters (a page number) as lacking text', () => {
    expect(lacksText('  - 3 -  ')).toBe(true);
    expect(lacksText('Chapter one begins here')).toBe(false);
  });
});

describe('mergePageTexts', () => {
  it('keeps page order: own text where a page has it, what was read elsewhere, nothing for blank pages', () => {
    const own = ['Cover letter from the harbour office', '', '3', 'Closing page with its own words'];
    const read = new Map([[1, 'Scanned invoice for marmalade']]);
    expect(mergePageTexts(own, read)).toBe(
      'Cover letter from the harbour office\n\nScanned invoice for marmalade\n\n3\n\nClosing page with its own words',
    );
  });
});

describe('clearText', () => {
  it('takes a glance read confidently, with hardly a word dropped, as the reading', () => {
    expect(clearText([[words('Invoice for the marmalade delivery', 93)]])?.text).toBe(
      'Invoice for the marmalade delivery',
    );
    expect(clearText([[words('Invoice for the marmalade delivery', 80)]])).toBeNull();
    const smallLetters = [
      [words('Invoice for the marmalade delivery', 95), words('tiny print we could not read', 30)],
    ];
    expect(clearText(smallLetters)).toBeNull();
    expect(clearText([[words('1 1', 99)]])).toBeNull();
  });
});
