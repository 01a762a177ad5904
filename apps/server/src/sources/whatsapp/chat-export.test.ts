import { describe, expect, it } from 'vitest';
import { locationOf, parseChatExport } from './chat-export.js';

describe('WhatsApp chat exports', () => {
  it('reads an Android export: 24-hour, day first, several lines, files and system lines', () => {
    const chat = parseChatExport(
      [
        '31/12/2023, 21:41 - Messages and calls are end-to-end encrypted. No one outside of this chat can read them.',
        '31/12/2023, 21:41 - Ana: Happy new year!',
        'See you tomorrow',
        '01/01/2024, 09:05 - Ravi Kumar: IMG-20240101-WA0001.jpg (file attached)',
        'The receipt',
        '01/01/2024, 09:06 - Ana: <Media omitted>',
        '02/01/2024, 10:00 - Ana: location: https://maps.google.com/?q=18.5204,73.8567',
      ].join('\n'),
    );
    expect(chat.dayFirst).toBe(true);
    expect(chat.messages).toEqual([
      {
        at: new Date('2023-12-31T21:41:00Z'),
        sender: 'Ana',
        text: 'Happy new year!\nSee you tomorrow',
        attachment: null,
      },
      {
        at: new Date('2024-01-01T09:05:00Z'),
        sender: 'Ravi Kumar',
        text: 'The receipt',
        attachment: 'IMG-20240101-WA0001.jpg',
      },
      {
        at: new Date('2024-01-02T10:00:00Z'),
        sender: 'Ana',
        text: 'location: https://maps.google.com/?q=18.5204,73.8567',
        attachment: null,
      },
    ]);
    expect(locationOf(chat.messages[2]?.text ?? '')).toEqual({ latitude: 18.5204, longitude: 73.8567 });
  });

  it('reads an iOS export: 12-hour with narrow spaces, month first, attachments in brackets', () => {
    const chat = parseChatExport(
      [
        '\uFEFF[12/31/23, 9:41:05\u202fPM] Ana: Are you there?',
        '[1/2/24, 12:05:00\u202fAM] \u200eRavi: \u200e<attached: 00000012-PHOTO-2024-01-02-00-05-00.jpg>',
        '[1/2/24, 12:30:00\u202fPM] Ravi: Lunch?',
      ].join('\r\n'),
    );
    expect(chat.dayFirst).toBe(false);
    expect(chat.messages.map((m) => [m.at.toISOString(), m.sender, m.text, m.attachment])).toEqual([
      ['2023-12-31T21:41:05.000Z', 'Ana', 'Are you there?', null],
      ['2024-01-02T00:05:00.000Z', 'Ravi', '', '00000012-PHOTO-2024-01-02-00-05-00.jpg'],
      ['2024-01-02T12:30:00.000Z', 'Ravi', 'Lunch?', null],
    ]);
  });

  it('finds nothing in text that is not a chat, and reads day first when no date says otherwise', () => {
    expect(parseChatExport('%PDF-1.4\u0000\u0001 binary junk\n\u0000').messages).toEqual([]);
    const ambiguous = parseChatExport('03/04/2024, 10:00 - Ana: hi');
    expect(ambiguous.dayFirst).toBe(true);
    expect(ambiguous.messages[0]?.at.toISOString()).toBe('2024-04-03T10:00:00.000Z');
    expect(parseChatExport('31/02/2024, 10:00 - Ana: no such day').messages).toEqual([]);
  });
});
