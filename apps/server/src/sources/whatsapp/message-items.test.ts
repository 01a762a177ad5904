import { describe, expect, it } from 'vitest';
import { locationItem, textItem } from './message-items.js';

describe('WhatsApp messages as items', () => {
  it('makes a link of a bare address, a url note of an address with words, and a note of the rest', () => {
    expect(textItem(' https://example.com/a?b=1 ')).toMatchObject({
      dataType: 'url_object',
      url: 'https://example.com/a?b=1',
    });
    expect(textItem('Read this (https://example.com/x).')).toMatchObject({
      dataType: 'url_note_object',
      url: 'https://example.com/x',
      content: 'Read this (https://example.com/x).',
    });
    expect(textItem('Call the bank\nabout the loan')).toMatchObject({
      dataType: 'note_object',
      name: 'Call the bank',
    });
    expect(textItem('x'.repeat(100)).name).toHaveLength(80);
  });

  it('keeps a place with its coordinates, name and address', () => {
    expect(
      locationItem({ latitude: 48.8584, longitude: 2.2945, name: 'Eiffel Tower', address: 'Paris' }),
    ).toMatchObject({
      dataType: 'location_object',
      name: 'Eiffel Tower',
      metadata: { latitude: 48.8584, longitude: 2.2945 },
    });
    expect(locationItem({ latitude: 1, longitude: 2 }).name).toBe('1.00000, 2.00000');
  });
});
