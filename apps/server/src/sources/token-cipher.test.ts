import { describe, expect, it } from 'vitest';
import { createTokenCipher } from './token-cipher.js';

const SECRET = 'a-secret-of-at-least-thirty-two-characters';

describe('token cipher', () => {
  it('opens what it sealed, and the sealed text shows nothing of the token', () => {
    const cipher = createTokenCipher(SECRET);
    const tokens = { access_token: 'ya29.secret-access', refresh_token: '1//secret-refresh' };
    const sealed = cipher.seal(tokens);
    expect(sealed).not.toContain('secret');
    expect(cipher.open(sealed)).toEqual(tokens);
    expect(cipher.seal(tokens)).not.toBe(sealed);
  });

  it('refuses another key and any altered byte', () => {
    const sealed = createTokenCipher(SECRET).seal({ a: 1 });
    expect(() => createTokenCipher(`${SECRET}!`).open(sealed)).toThrow();
    const parts = sealed.split('.');
    const body = Buffer.from(parts[3] ?? '', 'base64url');
    body[0] = (body[0] ?? 0) ^ 1;
    parts[3] = body.toString('base64url');
    expect(() => createTokenCipher(SECRET).open(parts.join('.'))).toThrow();
    expect(() => createTokenCipher(SECRET).open('garbage')).toThrow('Not a sealed token');
  });
});
