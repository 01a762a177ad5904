import { describe, expect, it } from 'vitest';
import { correctedToOf, nextOffsetOf } from './api';
import { inFolderHref, openResultHref, pathText } from './open-result';

const ROOT = { id: '00000000-0000-4000-8000-000000000001', name: 'root', data_type: 'root_object' as const };
const DRAWER = {
  id: '00000000-0000-4000-8000-000000000002',
  name: 'Taxes',
  data_type: 'drawer_object' as const,
};
const ITEM = '00000000-0000-4000-8000-000000000003';

describe('where a result opens', () => {
  it('opens an item in the viewer over its folder', () => {
    expect(openResultHref({ id: ITEM, data_type: 'note_object', path: [ROOT, DRAWER] })).toBe(
      `/my-desk/my-content/${DRAWER.id}?item=${ITEM}`,
    );
    expect(openResultHref({ id: ITEM, data_type: 'file_object', path: [ROOT] })).toBe(
      `/my-desk/my-content?item=${ITEM}`,
    );
  });

  it('opens a drawer or binder as its own page', () => {
    expect(openResultHref({ id: DRAWER.id, data_type: 'drawer_object', path: [ROOT] })).toBe(
      `/my-desk/my-content/${DRAWER.id}`,
    );
  });

  it('"Open in folder" goes to the holding folder with the result selected', () => {
    expect(inFolderHref({ id: ITEM, data_type: 'note_object', path: [ROOT, DRAWER] })).toBe(
      `/my-desk/my-content/${DRAWER.id}?select=${ITEM}`,
    );
    expect(inFolderHref({ id: DRAWER.id, data_type: 'drawer_object', path: [ROOT] })).toBe(
      `/my-desk/my-content?select=${DRAWER.id}`,
    );
  });

  it('says the path from My Desk', () => {
    expect(pathText({ path: [ROOT, DRAWER] })).toBe('My Desk › Taxes');
  });
});

describe('nextOffsetOf', () => {
  it('reads the next page offset header, absent on the last page', () => {
    expect(nextOffsetOf('50')).toBe(50);
    expect(nextOffsetOf(null)).toBeNull();
    expect(nextOffsetOf('')).toBeNull();
    expect(nextOffsetOf('-1')).toBeNull();
    expect(nextOffsetOf('abc')).toBeNull();
  });
});

describe('correctedToOf', () => {
  it('reads what a corrected search was for, null when it was not corrected', () => {
    expect(correctedToOf('invoice%20tax')).toBe('invoice tax');
    expect(correctedToOf('r%C3%A9sum%C3%A9')).toBe('résumé');
    expect(correctedToOf(null)).toBeNull();
    expect(correctedToOf('100%')).toBe('100%');
  });
});
