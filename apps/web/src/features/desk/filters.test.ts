import { describe, expect, it } from 'vitest';
import {
  listSearchParams,
  navFilterKinds,
  nextDrawerOption,
  panelKinds,
  passesDrawerOption,
  sectionQuery,
} from './filters';

describe('navFilterKinds', () => {
  it('maps each navigation filter value to its item kind, keeping folders walkable', () => {
    expect(navFilterKinds('notes')).toEqual(['drawer_object', 'binder_object', 'note_object']);
    expect(navFilterKinds('attachment')).toContain('file_object');
    expect(navFilterKinds('location')).toContain('location_object');
    expect(navFilterKinds('link')).toContain('url_object');
    expect(navFilterKinds('email')).toContain('email_object');
    expect(navFilterKinds('url-note')).toContain('url_note_object');
  });
  it('clear asks for every kind', () => {
    expect(navFilterKinds('clear')).toBeUndefined();
  });
});

describe('drawer option', () => {
  const binder = (binder_state: 'wip' | 'archive' | 'vault' | null) =>
    ({ data_type: 'binder_object', binder_state }) as const;
  it('ALLBINDERS shows every binder', () => {
    expect(passesDrawerOption(binder(null), 'ALLBINDERS')).toBe(true);
    expect(passesDrawerOption(binder('vault'), 'ALLBINDERS')).toBe(true);
  });
  it('WIP, ARCHIVE and VAULT keep only binders in that state', () => {
    expect(passesDrawerOption(binder('wip'), 'WIP')).toBe(true);
    expect(passesDrawerOption(binder('archive'), 'WIP')).toBe(false);
    expect(passesDrawerOption(binder(null), 'ARCHIVE')).toBe(false);
    expect(passesDrawerOption(binder('vault'), 'VAULT')).toBe(true);
  });
  it('never hides what is not a binder', () => {
    expect(passesDrawerOption({ data_type: 'note_object', binder_state: null }, 'VAULT')).toBe(true);
  });
  it('CLEAR resets to ALLBINDERS', () => {
    expect(nextDrawerOption('CLEAR')).toBe('ALLBINDERS');
    expect(nextDrawerOption('WIP')).toBe('WIP');
  });
});

describe('panelKinds', () => {
  it('maps each panel value to the kinds it lists', () => {
    expect(panelKinds('NOTES')).toEqual(['note_object']);
    expect(panelKinds('ATTACHMENTS')).toEqual(['file_object']);
    expect(panelKinds('LOCATION')).toEqual(['location_object']);
    expect(panelKinds('URLS')).toEqual(['url_object', 'url_note_object']);
    expect(panelKinds('HIDE')).toBeNull();
  });
});

describe('sectionQuery', () => {
  it('lists each source page by its source', () => {
    expect(sectionQuery('drive')).toEqual({ source: 'gdrive' });
    expect(sectionQuery('whatsApp')).toEqual({ source: 'whatsapp' });
    expect(sectionQuery('mail')).toEqual({ source: 'mail' });
    expect(sectionQuery('calender')).toEqual({ source: 'calendar' });
    expect(sectionQuery('dropBox')).toEqual({ source: 'dropbox' });
  });
  it('lists images from every source in the gallery', () => {
    expect(sectionQuery('gallery')).toEqual({ mime: 'image/' });
  });
  it('asks for what was saved with the extension on its page', () => {
    expect(sectionQuery('extension')).toEqual({ saved_with: 'extension' });
  });
});

describe('listSearchParams', () => {
  it('defaults to newest first', () => {
    const params = listSearchParams({});
    expect(params.get('sort')).toBe('date');
    expect(params.get('order')).toBe('desc');
  });
  it('joins list values with commas and keeps the cursor', () => {
    const params = listSearchParams({
      sort: 'name',
      order: 'asc',
      kind: ['drawer_object', 'binder_object'],
      source: 'gdrive',
      mime: 'image/',
      cursor: 'abc',
      limit: 50,
    });
    expect(params.toString()).toBe(
      'sort=name&order=asc&kind=drawer_object%2Cbinder_object&source=gdrive&mime=image%2F&cursor=abc&limit=50',
    );
  });
  it('refuses what the contract refuses', () => {
    expect(() => listSearchParams({ mime: 'not a type' })).toThrow();
  });
});
