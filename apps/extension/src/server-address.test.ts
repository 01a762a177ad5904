import { describe, expect, it } from 'vitest';
import { normaliseServer, originPattern, typedScheme, unreachableMessage } from './server-address';

describe('the Easio address as typed', () => {
  it('takes a bare host name, adding https://', () => {
    expect(normaliseServer('easio.example.org')).toBe('https://easio.example.org');
    expect(normaliseServer('  nas.lan:3000  ')).toBe('https://nas.lan:3000');
    expect(normaliseServer('localhost:3000')).toBe('https://localhost:3000');
    expect(typedScheme('easio.example.org')).toBe(false);
  });

  it('keeps the scheme typed, and keeps only the origin of an address copied from the browser', () => {
    expect(normaliseServer('http://nas.lan:3000')).toBe('http://nas.lan:3000');
    expect(normaliseServer(' https://easio.example.org/my-desk/extension?x=1 ')).toBe(
      'https://easio.example.org',
    );
    expect(normaliseServer('HTTPS://Easio.Example.org///')).toBe('https://easio.example.org');
    expect(typedScheme('http://nas.lan:3000')).toBe(true);
  });

  it('says plainly what is wrong, never a raw "Invalid URL"', () => {
    expect(() => normaliseServer('')).toThrow('Enter the address you open Easio at, e.g. easio.example.org');
    expect(() => normaliseServer('ftp://x')).toThrow('Enter an address starting with https://');
    expect(() => normaliseServer('easio example')).toThrow(
      '“easio example” is not a web address: enter one like easio.example.org',
    );
    expect(() => normaliseServer('javascript:alert(1)')).toThrow('is not a web address');
    expect(() => normaliseServer('https://me:secret@easio.example.org')).toThrow(
      'Enter the address without a user name or password',
    );
  });

  it('asks the browser for the host on every port, and tells an unreachable address', () => {
    expect(originPattern('http://nas.lan:3000')).toBe('http://nas.lan/*');
    expect(originPattern('https://easio.example.org')).toBe('https://easio.example.org/*');
    expect(unreachableMessage('https://nas.lan:3000', false)).toBe(
      'Cannot reach https://nas.lan:3000: check the address, and that Easio is running there. If it is served over plain http, type http://nas.lan:3000',
    );
    expect(unreachableMessage('http://nas.lan:3000', true)).toBe(
      'Cannot reach http://nas.lan:3000: check the address, and that Easio is running there.',
    );
  });
});
