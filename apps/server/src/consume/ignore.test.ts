import { describe, expect, it } from 'vitest';
import { isIgnoredName } from './ignore.js';

describe('the names the scanner folder leaves alone', () => {
  it.each([
    '.DS_Store',
    '._scan.pdf',
    '.~lock.letter.odt#',
    '~$report.docx',
    '.stfolder',
    '.Trash-1000',
    'Thumbs.db',
    'desktop.ini',
    '@eaDir',
    'scan.pdf.part',
    'photo.JPG.crdownload',
    'upload.tmp',
    'letter.odt~',
    'notes.txt.swp',
  ])('ignores %s', (name) => {
    expect(isIgnoredName(name)).toBe(true);
  });

  it.each(['scan.pdf', 'Invoice 2024-03.PDF', 'photo.jpg', 'tmp-report.pdf', 'part one.docx', 'Taxes'])(
    'takes %s',
    (name) => {
      expect(isIgnoredName(name)).toBe(false);
    },
  );
});
