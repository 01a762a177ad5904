import { describe, expect, it } from 'vitest';
import { decodeBase64Url, readAccessClaims, sessionFromToken } from './session-token';

const USER_ID = '3f1c1e2a-8b7d-4c59-9a8e-1d2f3a4b5c6d';
const ROOT_ID = '9e8d7c6b-5a49-4382-8716-a5b4c3d2e1f0';

function base64Url(text: string) {
  return Buffer.from(text, 'utf8').toString('base64url');
}

function token(payload: unknown) {
  return `${base64Url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }))}.${base64Url(JSON.stringify(payload))}.c2lnbmF0dXJl`;
}

describe('decodeBase64Url', () => {
  it('decodes unpadded base64url, including - and _ and multi-byte UTF-8', () => {
    const text = 'ünïcødé?>>~~';
    expect(decodeBase64Url(base64Url(text))).toBe(text);
    expect(base64Url(text)).toMatch(/[-_]/);
  });

  it('accepts padding-free input of every length', () => {
    for (const text of ['a', 'ab', 'abc', 'abcd']) expect(decodeBase64Url(base64Url(text))).toBe(text);
  });

  it('rejects characters outside the alphabet', () => {
    expect(() => decodeBase64Url('ab+/')).toThrow();
    expect(() => decodeBase64Url('a')).toThrow();
  });
});

describe('sessionFromToken', () => {
  it('builds the session user from the token: sub is the e-mail', () => {
    const jwt = token({
      sub: 'ann@example.com',
      user_id: USER_ID,
      root_folder: ROOT_ID,
      exp: 1_900_000_000,
      iat: 1,
    });
    expect(sessionFromToken(jwt)).toEqual({
      access_token: jwt,
      root_folder: ROOT_ID,
      user_id: USER_ID,
      email: 'ann@example.com',
    });
  });

  it('refuses a token that is not three parts', () => {
    expect(() => sessionFromToken('not-a-jwt')).toThrow('malformed');
  });

  it('refuses a payload that is not JSON', () => {
    expect(() => readAccessClaims(`x.${base64Url('{nope')}.y`)).toThrow('malformed');
  });

  it('refuses a payload without the expected claims', () => {
    expect(() => sessionFromToken(token({ sub: 'ann@example.com', exp: 1 }))).toThrow('expected claims');
    expect(() =>
      sessionFromToken(token({ sub: 'a', user_id: 'not-a-uuid', root_folder: ROOT_ID, exp: 1 })),
    ).toThrow('expected claims');
  });
});
