import { describe, expect, it } from 'vitest';
import { decodeBody, htmlToText, parseGmailMessage } from './gmail-message.js';

const b64 = (text: string, encoding: BufferEncoding = 'utf8') =>
  Buffer.from(text, encoding).toString('base64url');

describe('Gmail messages', () => {
  it('reads headers, the plain text and attachments nested in multiparts', () => {
    const mail = parseGmailMessage({
      id: 'm1',
      labelIds: ['INBOX'],
      payload: {
        mimeType: 'multipart/mixed',
        headers: [
          { name: 'From', value: 'Asha <asha@example.com>' },
          { name: 'To', value: 'me@example.com' },
          { name: 'Subject', value: 'Lease renewal' },
          { name: 'Date', value: 'Mon, 2 Mar 2026 10:00:00 +0000' },
          { name: 'Message-ID', value: '<abc@example.com>' },
        ],
        parts: [
          {
            mimeType: 'multipart/alternative',
            parts: [
              { mimeType: 'text/plain', body: { data: b64('The lease is renewed.') } },
              { mimeType: 'text/html', body: { data: b64('<p>The lease is <b>renewed</b>.</p>') } },
            ],
          },
          {
            partId: '1',
            mimeType: 'application/pdf',
            filename: 'lease.pdf',
            body: { attachmentId: 'att-1', size: 1234 },
          },
        ],
      },
    });
    expect(mail).toMatchObject({
      from: 'Asha <asha@example.com>',
      subject: 'Lease renewal',
      messageId: '<abc@example.com>',
      text: 'The lease is renewed.',
    });
    expect(mail.attachments).toEqual([
      {
        partId: '1',
        filename: 'lease.pdf',
        mimeType: 'application/pdf',
        size: 1234,
        attachmentId: 'att-1',
        inlineData: null,
      },
    ]);
  });

  it('falls back to the HTML part as text, and decodes declared charsets', () => {
    const mail = parseGmailMessage({
      id: 'm2',
      labelIds: [],
      payload: {
        mimeType: 'text/html',
        body: { data: b64('<style>p{}</style><p>Caf&eacute; &amp; <i>bar</i></p><br>ok') },
      },
    });
    expect(mail.text.split(/\n+/)).toEqual(['Café & bar', 'ok']);
    expect(
      decodeBody(Buffer.from('café', 'latin1').toString('base64url'), 'text/plain; charset="ISO-8859-1"'),
    ).toBe('café');
    expect(decodeBody(b64('plain'), 'text/plain; charset=x-unknown')).toBe('plain');
    expect(htmlToText('<script>alert(1)</script>Hi')).toBe('Hi');
  });
});
