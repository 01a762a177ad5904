import { describe, expect, it } from 'vitest';
import { loginPathFor, safeNextPath } from './next-path';

const ORIGIN = 'https://easio.example';

describe('safeNextPath', () => {
  it.each([
    ['/settings/sources', '/settings/sources'],
    ['/my-desk/my-content/abc?sort=name#top', '/my-desk/my-content/abc?sort=name#top'],
    ['/search/../settings', '/settings'],
  ])('takes the app path %j', (raw, expected) => {
    expect(safeNextPath(raw, ORIGIN)).toBe(expected);
  });

  it.each([
    null,
    '',
    'settings',
    'https://evil.example/',
    '//evil.example/path',
    '/\\evil.example',
    '/\t/evil.example',
    'javascript:alert(1)',
    '/login',
    '/login?next=/settings',
    '/signup',
    '/signout',
    `/${'a'.repeat(3000)}`,
  ])('refuses %j', (raw) => {
    expect(safeNextPath(raw, ORIGIN)).toBeNull();
  });
});

describe('loginPathFor', () => {
  it('keeps the page asked for, and leaves plain /login for the desk itself', () => {
    expect(loginPathFor('/settings/sources')).toBe('/login?next=%2Fsettings%2Fsources');
    expect(loginPathFor('/my-desk')).toBe('/login');
  });
});
