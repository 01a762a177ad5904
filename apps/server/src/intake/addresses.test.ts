import { URL_MAX } from '@easio/shared';
import { describe, expect, it } from 'vitest';
import { addressRefusal } from './addresses.js';

describe('addressRefusal', () => {
  it('takes http and https addresses, as the desk API does', () => {
    expect(addressRefusal('https://example.com/a?b=c')).toBeNull();
    expect(addressRefusal('  http://example.com  ')).toBeNull();
    expect(addressRefusal('HTTPS://EXAMPLE.COM')).toBeNull();
  });

  it('refuses every other scheme, saying which', () => {
    expect(addressRefusal('javascript:alert(1)')).toBe(
      'Not a web address (javascript: links cannot be opened from the desk)',
    );
    expect(addressRefusal('JavaScript:alert(1)')).toMatch(/javascript:/);
    expect(addressRefusal('data:text/html,<script>alert(1)</script>')).toMatch(/\(data: links/);
    expect(addressRefusal('java\tscript:alert(1)')).toMatch(/Not a web address/);
    expect(addressRefusal('ftp://example.com')).toMatch(/ftp:/);
    expect(addressRefusal('not an address')).toBe('Not a web address');
    expect(addressRefusal('http://')).toBe('Not a web address');
  });

  it('refuses what cannot be stored or is too long', () => {
    expect(addressRefusal('https://example.com/\u0000')).toMatch(/control characters/);
    expect(addressRefusal(`https://example.com/${'a'.repeat(URL_MAX)}`)).toBe('The address is too long');
  });
});
