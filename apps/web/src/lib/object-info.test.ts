import { describe, expect, it } from 'vitest';
import {
  displayName,
  formatSize,
  formatWhen,
  kindLabel,
  mapLink,
  pageFactsOf,
  placeOf,
  previewKind,
  safeHref,
  takenAt,
} from './object-info';

describe('placeOf', () => {
  it('reads latitude and longitude, with label and address', () => {
    expect(placeOf({ latitude: 48.85, longitude: 2.35, label: 'Paris', address: '' })).toEqual({
      latitude: 48.85,
      longitude: 2.35,
      label: 'Paris',
      address: null,
    });
  });
  it('reads short names, strings and a gps object', () => {
    expect(placeOf({ lat: '1.5', lng: -3 })).toMatchObject({ latitude: 1.5, longitude: -3 });
    expect(placeOf({ gps: { latitude: 10, longitude: 20 } })).toMatchObject({ latitude: 10, longitude: 20 });
  });
  it('is null without a valid place', () => {
    expect(placeOf({})).toBeNull();
    expect(placeOf({ latitude: 91, longitude: 0 })).toBeNull();
    expect(placeOf({ latitude: 'x', longitude: 0 })).toBeNull();
  });
});

describe('mapLink', () => {
  it('points OpenStreetMap at the place', () => {
    expect(mapLink({ latitude: 48.85, longitude: 2.35 })).toBe(
      'https://www.openstreetmap.org/?mlat=48.85&mlon=2.35#map=16/48.85/2.35',
    );
  });
});

describe('takenAt', () => {
  it('prefers the EXIF date, else the item date', () => {
    const item_date = '2024-01-01T00:00:00.000Z';
    expect(takenAt({ item_date, metadata: { taken_at: '2020-05-06T07:08:09Z' } })).toBe(
      '2020-05-06T07:08:09Z',
    );
    expect(takenAt({ item_date, metadata: { taken_at: 'garbage' } })).toBe(item_date);
    expect(takenAt({ item_date, metadata: {} })).toBe(item_date);
  });
});

describe('formatSize and displayName', () => {
  it('formats sizes', () => {
    expect(formatSize(null)).toBe('');
    expect(formatSize(512)).toBe('512 B');
    expect(formatSize(1536)).toBe('1.5 KB');
    expect(formatSize(20 * 1024 * 1024)).toBe('20 MB');
  });
  it('falls back to the url, then the kind', () => {
    expect(displayName({ name: ' ', url: 'https://a.b', data_type: 'url_object' })).toBe('https://a.b');
    expect(displayName({ name: '', url: null, data_type: 'note_object' })).toBe('Note');
  });
});

describe('safeHref', () => {
  it('keeps http(s) addresses only', () => {
    expect(safeHref('https://example.com/a?b=1')).toBe('https://example.com/a?b=1');
    expect(safeHref('http://example.com')).toBe('http://example.com/');
    expect(safeHref('javascript:alert(1)')).toBeNull();
    expect(safeHref('data:text/html,hi')).toBeNull();
    expect(safeHref('not a url')).toBeNull();
    expect(safeHref(null)).toBeNull();
  });
});

describe('pageFactsOf', () => {
  it('reads the site, the description and an icon carried in the item', () => {
    const icon = 'data:image/webp;base64,UklGRg==';
    expect(pageFactsOf({ site_name: 'Tide Times', description: 'Tables', favicon: icon })).toEqual({
      siteName: 'Tide Times',
      description: 'Tables',
      icon,
    });
  });
  it('never takes an icon the browser would have to fetch from the site', () => {
    expect(pageFactsOf({ favicon: 'https://tracker.example/favicon.ico' }).icon).toBeNull();
    expect(pageFactsOf({ favicon: 'data:image/svg+xml;base64,PHN2Zz4=' }).icon).toBeNull();
    expect(pageFactsOf({})).toEqual({ siteName: null, description: null, icon: null });
  });
});

describe('kindLabel', () => {
  const file = (name: string, mime_type: string | null) => ({
    data_type: 'file_object' as const,
    name,
    mime_type,
  });
  it('names a file by what it holds, from its type and name', () => {
    expect(kindLabel(file('scan.pdf', 'application/pdf'))).toBe('PDF');
    expect(kindLabel(file('IMG_1.jpg', 'image/jpeg'))).toBe('Photo');
    expect(kindLabel(file('people.csv', 'text/csv'))).toBe('Spreadsheet');
    expect(kindLabel(file('b', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'))).toBe(
      'Spreadsheet',
    );
    expect(
      kindLabel(file('letter', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document')),
    ).toBe('Document');
    expect(kindLabel(file('deck.pptx', 'application/zip'))).toBe('Presentation');
    expect(kindLabel(file('song.mp3', 'audio/mpeg'))).toBe('Audio');
    expect(kindLabel(file('clip.mp4', 'video/mp4'))).toBe('Video');
    expect(kindLabel(file('backup.zip', 'application/zip'))).toBe('Archive');
    expect(kindLabel(file('notes.txt', 'text/plain'))).toBe('Text');
    expect(kindLabel(file('README.md', 'text/markdown'))).toBe('Text');
    expect(kindLabel(file('main.go', 'text/plain'))).toBe('Code');
    expect(kindLabel(file('family.ics', 'text/calendar'))).toBe('Calendar');
    expect(kindLabel(file('mail.eml', 'message/rfc822'))).toBe('E-mail');
    expect(kindLabel(file('blob', 'application/octet-stream'))).toBe('File');
  });
  it('names other items by their kind', () => {
    expect(kindLabel({ data_type: 'email_object', name: 'Invoice.eml', mime_type: 'message/rfc822' })).toBe(
      'E-mail',
    );
    expect(kindLabel({ data_type: 'event_object', name: 'Party', mime_type: null })).toBe('Event');
    expect(kindLabel({ data_type: 'note_object', name: 'n.pdf', mime_type: null })).toBe('Note');
    expect(kindLabel({ data_type: 'binder_object', name: 'Tax', mime_type: null })).toBe('Binder');
  });
});

describe('previewKind', () => {
  it('previews files only, by the shared rule', () => {
    expect(previewKind({ data_type: 'file_object', name: 'a.mp4', mime_type: 'video/mp4' })).toBe('video');
    expect(previewKind({ data_type: 'file_object', name: 'a.csv', mime_type: 'text/csv' })).toBe('table');
    expect(previewKind({ data_type: 'email_object', name: 'a.eml', mime_type: 'message/rfc822' })).toBe(
      'none',
    );
  });
});

describe('formatWhen', () => {
  const locale = (d: Date, time: boolean) =>
    new Intl.DateTimeFormat(
      undefined,
      time ? { dateStyle: 'medium', timeStyle: 'short' } : { dateStyle: 'medium' },
    ).format(d);

  it('shows ISO times and mail headers in the reader’s locale, never as ISO', () => {
    const iso = '2026-11-02T10:00:00.000Z';
    expect(formatWhen(iso)).toBe(locale(new Date(iso), true));
    expect(formatWhen('Mon, 02 Nov 2026 10:00:00 +0000')).toBe(locale(new Date(iso), true));
    expect(formatWhen(iso)).not.toContain('T10');
  });

  it('keeps a day alone on that day, whatever the time zone', () => {
    expect(formatWhen('2026-11-02')).toBe(locale(new Date(2026, 10, 2), false));
  });

  it('shows what it cannot read as written', () => {
    expect(formatWhen('next Tuesday')).toBe('next Tuesday');
  });
});
