import type { Source } from '@easio/shared';
import { describe, expect, it } from 'vitest';
import { groupResults } from './groups';

const r = (id: string, source: Source) => ({ id, source });

describe('groupResults', () => {
  it('groups per source in the results page order, keeping the ranking inside each group', () => {
    const groups = groupResults([
      r('1', 'easio'),
      r('2', 'mail'),
      r('3', 'gdrive'),
      r('4', 'easio'),
      r('5', 'whatsapp'),
      r('6', 'gallery'),
      r('7', 'dropbox'),
      r('8', 'calendar'),
    ]);
    expect(groups.map((g) => g.label)).toEqual([
      'Google',
      'WhatsApp',
      'Dropbox',
      'Easio and the extension',
      'Mail',
      'Calendar',
      'Gallery',
    ]);
    expect(groups[3]?.results.map((x) => x.id)).toEqual(['1', '4']);
  });

  it('leaves out the sources with nothing found', () => {
    expect(groupResults([r('1', 'dropbox')]).map((g) => g.key)).toEqual(['dropbox']);
    expect(groupResults([])).toEqual([]);
  });
});
