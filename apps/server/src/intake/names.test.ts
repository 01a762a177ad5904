import { itemNameRule, NAME_MAX, TAG_MAX, TAGS_MAX } from '@easio/shared';
import { describe, expect, it } from 'vitest';
import { intakeKey, KEY_MAX_BYTES } from './keys.js';
import { intakeName } from './names.js';
import { intakeTags } from './tags.js';
import { cutText, intakeText, storableText } from './text.js';

describe('intakeName', () => {
  it('cuts a long name to exactly what the desk API takes', () => {
    const name = intakeName('n'.repeat(2 * 1024 * 1024), 'Untitled');
    expect(name).toHaveLength(NAME_MAX);
    expect(itemNameRule.safeParse(name).success).toBe(true);
    expect(itemNameRule.safeParse(`${name}n`).success).toBe(false);
  });

  it('keeps a name as written, without control characters, trimmed', () => {
    expect(intakeName('a\u0000b\u0007c.txt', 'x')).toBe('abc.txt');
    expect(intakeName(' Line\none\ttwo ', 'x')).toBe('Line one two');
    expect(intakeName('../../etc/passwd', 'x')).toBe('../../etc/passwd');
    expect(intakeName('invoice\u202Etxt.exe', 'x')).toBe('invoice\u202Etxt.exe');
    expect(intakeName(' \u0000 ', 'Untitled')).toBe('Untitled');
  });

  it('never ends a cut name in half a character', () => {
    const name = intakeName(`${'a'.repeat(NAME_MAX - 1)}😀`, 'x');
    expect(name).toBe('a'.repeat(NAME_MAX - 1));
  });
});

describe('intakeTags', () => {
  it('holds tags to the desk’s rule', () => {
    expect(intakeTags([' a  b ', 'a b', '', '\u0000', 't'.repeat(500)])).toEqual([
      'a b',
      't'.repeat(TAG_MAX),
    ]);
    expect(intakeTags(Array.from({ length: 500 }, (_, i) => `t${i}`))).toHaveLength(TAGS_MAX);
  });
});

describe('text', () => {
  it('makes text storable and cuts it without halving a character', () => {
    expect(storableText('a\u0000b\uD800c\uDC00')).toBe('ab\uFFFDc\uFFFD');
    expect(storableText('😀')).toBe('😀');
    expect(cutText('ab😀', 3)).toBe('ab');
    expect(intakeText('x'.repeat(10), 4)).toBe('xxxx');
    expect(intakeText(null)).toBeNull();
  });
});

describe('intakeKey', () => {
  it('keeps a key that fits and shortens a longer one the same way every time', () => {
    expect(intakeKey('karakeep:bookmark:1:https://a.example')).toBe('karakeep:bookmark:1:https://a.example');
    const long = `k:${'x'.repeat(5000)}`;
    expect(Buffer.byteLength(intakeKey(long))).toBeLessThanOrEqual(KEY_MAX_BYTES);
    expect(intakeKey(long)).toBe(intakeKey(long));
    expect(intakeKey(long)).not.toBe(intakeKey(`${long}y`));
  });
});
