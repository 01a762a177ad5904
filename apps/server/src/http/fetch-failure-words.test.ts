import { describe, expect, it } from 'vitest';
import { sizeWords, statusWords, unreachableWords } from './fetch-failure-words.js';

const failure = (code: string) => Object.assign(new Error(`getaddrinfo ${code} nowhere.example`), { code });

describe('why an address could not be read, in plain words', () => {
  it('names what the user can check instead of a system code', () => {
    expect(unreachableWords(failure('ENOTFOUND'))).toBe('No site answers to this name: check the address');
    expect(unreachableWords(failure('ECONNREFUSED'))).toBe('The site refused the connection');
    expect(unreachableWords(failure('CERT_HAS_EXPIRED'))).toBe(
      'The site’s security certificate is not valid',
    );
    expect(unreachableWords(failure('ERR_TLS_CERT_ALTNAME_INVALID'))).toBe(
      'The site’s security certificate is not valid',
    );
    expect(unreachableWords(new Error('socket hang up'))).toBe('The site could not be reached');
    for (const code of ['ENOTFOUND', 'EAI_AGAIN', 'ECONNRESET', 'EPROTO']) {
      expect(unreachableWords(failure(code))).not.toMatch(/[A-Z]{4,}|getaddrinfo/);
    }
  });

  it('says what an HTTP status means, keeping the number', () => {
    expect(statusWords(404)).toBe('The page was not found (404)');
    expect(statusWords(403)).toBe('The site does not let others read this page (403)');
    expect(statusWords(503)).toBe('The site had a problem (503)');
    expect(statusWords(418)).toBe('The site answered 418');
  });

  it('gives sizes in megabytes when they are that large', () => {
    expect(sizeWords(5 * 1024 * 1024)).toBe('The page is larger than 5 MB');
    expect(sizeWords(1000)).toBe('The answer is larger than 1000 bytes');
  });
});
