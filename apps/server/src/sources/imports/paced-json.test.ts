import { describe, expect, it } from 'vitest';
import { eachJsonElement, NotJson } from './paced-json.js';

const noPause = async () => {};

async function* chunked(text: string, size: number) {
  const bytes = Buffer.from(text);
  for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size);
}

async function elements(text: string, size = 7): Promise<unknown[]> {
  const seen: unknown[] = [];
  await eachJsonElement(chunked(text, size), (v) => seen.push(v), noPause);
  return seen;
}

describe('eachJsonElement', () => {
  it('hands over each element of a list, whatever the chunks cut through', async () => {
    const list = [
      { model: 'a', pk: 1, fields: { name: 'Zoë “quoted”', tags: [1, 2] } },
      'text',
      3,
      null,
      [[]],
    ];
    for (const size of [1, 3, 64, 100_000]) expect(await elements(JSON.stringify(list), size)).toEqual(list);
  });

  it('reads a list after a byte-order mark and white space', async () => {
    expect(await elements('\uFEFF \n [1, 2] \n')).toEqual([1, 2]);
  });

  it('yields between slices of a long list', async () => {
    let pauses = 0;
    const list = Array.from({ length: 20_000 }, (_, pk) => ({ pk, title: `Scan ${pk}` }));
    let count = 0;
    await eachJsonElement(
      chunked(JSON.stringify(list), 1 << 20),
      () => (count += 1),
      async () => {
        pauses += 1;
      },
    );
    expect(count).toBe(20_000);
    expect(pauses).toBeGreaterThan(10);
  });

  it('stops at the first element refused, with the refusal', async () => {
    const seen: unknown[] = [];
    const refuse = (v: unknown) => {
      if (v === 2) throw new RangeError('two is out of shape');
      seen.push(v);
    };
    await expect(eachJsonElement(chunked('[1, 2, 3]', 2), refuse, noPause)).rejects.toThrow(RangeError);
    expect(seen).toEqual([1]);
  });

  it.each([
    ['an object', '{"a": [1]}'],
    ['a string', '"records"'],
    ['nothing', '   '],
    ['a list cut short', '[{"a": 1}, {"b"'],
    ['a list with something after it', '[1, 2] [3]'],
    ['broken JSON', '[1, 2,, 3]'],
  ])('refuses %s', async (_, text) => {
    await expect(elements(text)).rejects.toBeInstanceOf(NotJson);
  });
});
