import { NAME_MAX, NOTE_MAX } from '@easio/shared';
import { describe, expect, it } from 'vitest';
import { intakeItem } from './item.js';
import { METADATA_MAX_CHARS, METADATA_MAX_DEPTH } from './metadata.js';
import { TEXT_MAX } from './text.js';

const link = (url: string | null) => ({ dataType: 'url_object' as const, name: 'A', url, metadata: {} });

describe('intakeItem', () => {
  it('refuses a link whose address is not http(s), or that has none, with why', () => {
    expect(intakeItem(link('javascript:alert(1)'))).toEqual({
      ok: false,
      reason: 'Not a web address (javascript: links cannot be opened from the desk)',
    });
    expect(intakeItem(link('data:text/html,hi'))).toMatchObject({ ok: false, reason: /data:/ });
    expect(intakeItem(link(null))).toEqual({ ok: false, reason: 'A link without an address' });
    expect(intakeItem(link(' https://example.com '))).toMatchObject({
      ok: true,
      item: { url: 'https://example.com' },
    });
  });

  it('keeps another item without an address that cannot be a link', () => {
    const event = { dataType: 'event_object' as const, name: 'Party', url: 'javascript:x', metadata: {} };
    expect(intakeItem(event)).toMatchObject({ ok: true, item: { name: 'Party', url: null } });
  });

  it('cuts names and texts to the caps, keeping the item', () => {
    const checked = intakeItem({
      dataType: 'note_object',
      name: 'n'.repeat(2_000_000),
      content: `a\u0000${'c'.repeat(2 * NOTE_MAX)}`,
      mimeType: 'x'.repeat(10_000),
      metadata: {},
      tags: ['a', 'a', ' b '],
    });
    if (!checked.ok) throw new Error(checked.reason);
    expect(checked.item.name).toHaveLength(NAME_MAX);
    expect(checked.item.content).toHaveLength(NOTE_MAX - 1);
    expect(checked.item.content?.startsWith('ac')).toBe(true);
    expect(checked.item.mimeType).toBeNull();
    expect(checked.item.tags).toEqual(['a', 'b']);
    const file = intakeItem({
      dataType: 'file_object',
      name: '',
      content: 'd'.repeat(2 * TEXT_MAX),
      metadata: {},
    });
    expect(file).toMatchObject({ ok: true, item: { name: 'Untitled' } });
    expect(file.ok && file.item.content).toHaveLength(TEXT_MAX);
  });

  it('sanitises an e-mail’s HTML and drops what is not HTML there', () => {
    const mail = (html: unknown) =>
      intakeItem({ dataType: 'email_object', name: 'M', metadata: { from: 'a', html } });
    expect(mail('<p>Hi</p><img src="https://t.example/p.gif"><script>x()</script>')).toEqual({
      ok: true,
      item: expect.objectContaining({ metadata: { from: 'a', html: '<p>Hi</p>' } }),
    });
    expect(mail(null)).toMatchObject({ item: { metadata: { from: 'a', html: null } } });
    expect(mail({ not: 'html' })).toMatchObject({ item: { metadata: { from: 'a' } } });
  });

  it('makes metadata storable and refuses absurd metadata', () => {
    const item = (metadata: Record<string, unknown>) =>
      intakeItem({ dataType: 'file_object', name: 'f', metadata });
    expect(item({ 'k\u0000': ['v\u0000', { w: '\uD800' }], n: 1 })).toMatchObject({
      ok: true,
      item: { metadata: { k: ['v', { w: '\uFFFD' }], n: 1 } },
    });
    expect(item({ big: 'x'.repeat(METADATA_MAX_CHARS) })).toEqual({
      ok: false,
      reason: 'Its details take more than the 2 MB an item may keep',
    });
    let deep: Record<string, unknown> = {};
    for (let i = 0; i < 100_000; i++) deep = { deep };
    expect(item(deep)).toEqual({ ok: false, reason: 'Its details nest too deeply to be kept' });
    let fits: Record<string, unknown> = {};
    for (let i = 0; i < METADATA_MAX_DEPTH - 1; i++) fits = { fits };
    expect(item(fits).ok).toBe(true);
  });

  it('refuses a key too long for the desk', () => {
    expect(intakeItem({ ...link('https://a.example'), externalId: 'x'.repeat(3000) })).toMatchObject({
      ok: false,
    });
  });
});
