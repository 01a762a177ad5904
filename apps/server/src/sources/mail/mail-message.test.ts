import { describe, expect, it } from 'vitest';
import {
  brokenCharsetMessage,
  messageWithInlinePictures,
  nestedMessage,
  PIXEL_PNG,
  plainMessage,
} from '../../test/mail-messages.js';
import { emailItems, mailExternalId, parseRawMessage } from './mail-message.js';

describe('parseRawMessage', () => {
  it('decodes encoded words, walks nested multiparts and finds the attachment', async () => {
    const mail = await parseRawMessage(Buffer.from(nestedMessage('n1@example.org')));
    expect(mail.subject).toBe('Rechnung für November (Café)');
    expect(mail.from).toBe('Café Müller <cafe@example.org>');
    expect(mail.cc).toBe('Jürgen <juergen@example.org>');
    expect(mail.text).toContain('Ihre Rechnung für November liegt bei.');
    expect(mail.date?.toISOString()).toBe('2026-11-03T08:30:00.000Z');
    expect(mail.messageId).toBe('n1@example.org');
    expect(mail.attachments).toHaveLength(1);
    expect(mail.attachments[0]).toMatchObject({
      filename: 'Rechnung für November.pdf',
      mimeType: 'application/pdf',
    });
    expect(String(mail.attachments[0]?.content)).toBe('%PDF-1.4 invoice 4711');
  });

  it('keeps the HTML body without scripts, handlers, remote pictures or javascript: links', async () => {
    const mail = await parseRawMessage(Buffer.from(nestedMessage('n2@example.org')));
    expect(mail.html).toContain('<b>Rechnung</b>');
    expect(mail.html).not.toMatch(/script|onclick|tracker\.example|javascript:/);
    expect(mail.html).toContain('href="https://example.org/pay"');
    expect(mail.html).toContain('rel="noopener noreferrer nofollow"');
  });

  it('shows small pictures the body refers to by cid in it, not as files; large ones and attachments stay files', async () => {
    const mail = await parseRawMessage(Buffer.from(messageWithInlinePictures('pics@example.org')));
    expect(mail.html).toContain(
      `<img src="data:image/png;base64,${PIXEL_PNG.toString('base64')}" alt="Logo" />`,
    );
    // Too large to carry in the body: kept as a file; a cid the message lacks shows nothing.
    expect(mail.html).not.toMatch(/cid:|alt="Photo"|alt="Missing"/);
    expect(mail.attachments.map((a) => a.filename)).toEqual(['photo.png', 'programme.pdf']);
  });

  it('reads a body whose charset lies, and one whose charset nobody knows', async () => {
    const mail = await parseRawMessage(brokenCharsetMessage('b1@example.org'));
    expect(mail.subject).toBe('Broken charset');
    expect(mail.text).toContain('aus K');
    expect(mail.text).not.toContain('\u0000');
  });
});

describe('emailItems', () => {
  it('makes an e-mail with its attachments, keyed by Message-ID whatever its case', async () => {
    const mail = await parseRawMessage(Buffer.from(nestedMessage('Mixed.Case@Example.org')));
    const [email] = emailItems(mail, { version: 'v' });
    expect(email).toMatchObject({
      externalId: 'mail:mixed.case@example.org',
      dataType: 'email_object',
      name: 'Rechnung für November (Café)',
      metadata: { from: 'Café Müller <cafe@example.org>', to: 'me@example.org', attachment_count: 1 },
    });
    expect(email?.attachments?.[0]).toMatchObject({
      externalId: 'mail:mixed.case@example.org#1',
      dataType: 'file_object',
      name: 'Rechnung für November.pdf',
    });
  });

  it('gives only the files for the "attachments only" rule', async () => {
    const mail = await parseRawMessage(Buffer.from(nestedMessage('only@example.org')));
    const items = emailItems(mail, { version: 'v', attachmentsOnly: true });
    expect(items.map((i) => [i.dataType, i.name])).toEqual([['file_object', 'Rechnung für November.pdf']]);
  });

  it('keys a message without Message-ID by what identifies it, the same every time', async () => {
    const raw = plainMessage({ id: 'x' }).replace(/Message-ID: <x>\r\n/, '');
    const a = await parseRawMessage(Buffer.from(raw));
    const b = await parseRawMessage(Buffer.from(raw));
    expect(mailExternalId(a)).toMatch(/^mail:hash:[0-9a-f]{32}$/);
    expect(mailExternalId(a)).toBe(mailExternalId(b));
  });
});
