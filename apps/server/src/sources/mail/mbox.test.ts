import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { MboxError, type MboxMessage, splitMbox } from './mbox.js';

async function split(
  text: string | Buffer,
  maxBytes = 1_000_000,
  chunkSize = 7,
  spillDir?: string,
): Promise<MboxMessage[]> {
  const bytes = Buffer.from(text);
  const chunks = Array.from({ length: Math.ceil(bytes.length / chunkSize) }, (_, i) =>
    bytes.subarray(i * chunkSize, i * chunkSize + chunkSize),
  );
  const out: MboxMessage[] = [];
  for await (const m of splitMbox(Readable.from(chunks), maxBytes, spillDir)) out.push(m);
  return out;
}

const bodies = (messages: MboxMessage[]) => messages.map((m) => m.raw?.toString());

describe('splitMbox', () => {
  it('cuts messages at "From " lines, in chunks that split lines anywhere', async () => {
    const messages = await split(
      'From a@x Mon Nov  2 10:00:00 2026\nSubject: one\n\nbody one\n\nFrom b@x Mon Nov  2 11:00:00 2026\r\nSubject: two\r\n\r\nbody two\r\n',
    );
    expect(messages.map((m) => m.raw?.toString())).toEqual([
      'Subject: one\n\nbody one\n',
      'Subject: two\r\n\r\nbody two\r\n',
    ]);
  });

  it('takes one ">" off quoted "From " lines (mboxrd) and leaves other ">" alone', async () => {
    const [m] = await split('From a@x\nSubject: q\n\n>From the start\n>>From deeper\n> quoted reply\n');
    expect(m?.raw?.toString()).toBe('Subject: q\n\nFrom the start\n>From deeper\n> quoted reply\n');
  });

  it('counts a message over the limit without holding it, and goes on', async () => {
    const big = `From a@x\nSubject: big\n\n${'x'.repeat(5000)}\n\nFrom b@x Mon Nov  2 10:00:00 2026\nSubject: small\n\nok\n`;
    const messages = await split(big, 1000, 512);
    expect(messages[0]).toMatchObject({ index: 0, raw: null, file: null });
    expect((messages[0] as { size: number }).size).toBeGreaterThan(5000);
    expect(messages[1]?.raw?.toString()).toBe('Subject: small\n\nok\n');
  });

  it('writes a message over the limit whole to a file when given somewhere to, long lines too', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'mbox-test-'));
    try {
      const body = `${'y'.repeat(3000)}\n>From quoted\n${'z'.repeat(1500)}\n`;
      const big = `From a@x Mon Nov  2 10:00:00 2026\nSubject: big\n\n${body}\nFrom b@x Mon Nov  2 11:00:00 2026\nSubject: small\n\nok\n`;
      const [first, second] = await split(big, 1000, 256, dir);
      expect(first).toMatchObject({ index: 0, raw: null });
      const file = (first as { file: string }).file;
      expect(await readFile(file, 'utf8')).toBe(`Subject: big\n\n${body.replace('>From', 'From')}`);
      expect(second?.raw?.toString()).toBe('Subject: small\n\nok\n');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('begins a message only at a real "From " line after a blank line', async () => {
    const messages = await split(
      [
        'From a@x Mon Nov  2 10:00:00 2026',
        'Subject: one',
        '',
        'We met in Lyon.',
        '',
        'From Paris we take the train.',
        'From the window, the Alps.',
        'Not after a blank line:',
        'From c@x Mon Nov  2 10:00:00 2026',
        '',
        'From MAILER-DAEMON Fri Jul  8 12:08:34 2011',
        'Subject: two',
        '',
        'From 1767043187462934534@xxx Mon Dec 29 21:19:47 +0000 2025',
        'Subject: three (Google Takeout)',
        '',
        'From - Tue Nov 03 09:30 2026',
        'Subject: four (Thunderbird, no seconds)',
        '',
        'From someone@example.org Wed Nov  4 12:00:00 CET 2026',
        'Subject: five (time zone before the year)',
        '',
      ].join('\n'),
    );
    expect(bodies(messages)).toEqual([
      'Subject: one\n\nWe met in Lyon.\n\nFrom Paris we take the train.\nFrom the window, the Alps.\nNot after a blank line:\nFrom c@x Mon Nov  2 10:00:00 2026\n',
      'Subject: two\n',
      'Subject: three (Google Takeout)\n',
      'Subject: four (Thunderbird, no seconds)\n',
      'Subject: five (time zone before the year)\n',
    ]);
  });

  it('refuses a file that is not an mbox', async () => {
    await expect(split('Subject: no separator\n\nbody\n')).rejects.toBeInstanceOf(MboxError);
  });

  it('reads an empty file as no messages', async () => {
    expect(await split('')).toEqual([]);
  });
});
