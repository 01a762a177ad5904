import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { MboxError, type MboxMessage, splitMbox } from './mbox.js';

async function split(text: string | Buffer, maxBytes = 1_000_000, chunkSize = 7): Promise<MboxMessage[]> {
  const bytes = Buffer.from(text);
  const chunks = Array.from({ length: Math.ceil(bytes.length / chunkSize) }, (_, i) =>
    bytes.subarray(i * chunkSize, i * chunkSize + chunkSize),
  );
  const out: MboxMessage[] = [];
  for await (const m of splitMbox(Readable.from(chunks), maxBytes)) out.push(m);
  return out;
}

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
    const big = `From a@x\nSubject: big\n\n${'x'.repeat(5000)}\nFrom b@x\nSubject: small\n\nok\n`;
    const messages = await split(big, 1000, 512);
    expect(messages[0]).toMatchObject({ index: 0, raw: null });
    expect((messages[0] as { size: number }).size).toBeGreaterThan(5000);
    expect(messages[1]?.raw?.toString()).toBe('Subject: small\n\nok\n');
  });

  it('refuses a file that is not an mbox', async () => {
    await expect(split('Subject: no separator\n\nbody\n')).rejects.toBeInstanceOf(MboxError);
  });

  it('reads an empty file as no messages', async () => {
    expect(await split('')).toEqual([]);
  });
});
