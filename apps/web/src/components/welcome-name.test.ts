import { describe, expect, it } from 'vitest';
import { displayName, initials, welcomeText } from './welcome-name';

describe('welcome name', () => {
  it('uses the username, first letter capitalised', () => {
    expect(displayName({ username: 'ann.lee', email: 'ann@example.com' })).toBe('Ann.lee');
    expect(welcomeText({ username: 'ann', email: 'ann@example.com' })).toBe('Welcome, Ann');
  });

  it('falls back to the e-mail when there is no username', () => {
    expect(displayName({ username: '', email: 'bob@example.com' })).toBe('Bob@example.com');
    expect(displayName({ username: '   ', email: 'bob@example.com' })).toBe('Bob@example.com');
    expect(displayName({ username: null, email: 'bob@example.com' })).toBe('Bob@example.com');
  });

  it('keeps the rest as it is and handles non-Latin first letters', () => {
    expect(displayName({ username: 'mcDonald' })).toBe('McDonald');
    expect(displayName({ username: 'élodie' })).toBe('Élodie');
    expect(displayName({ username: '1st-user' })).toBe('1st-user');
  });

  it('says just Welcome when there is nothing to show', () => {
    expect(displayName(null)).toBe('');
    expect(welcomeText(undefined)).toBe('Welcome');
  });

  it("makes the profile button's initials from one word or the first letters of two", () => {
    expect(initials('Ann.lee')).toBe('AN');
    expect(initials('Maria Alvarez Ruiz')).toBe('MA');
    expect(initials('élodie')).toBe('ÉL');
    expect(initials('')).toBe('');
  });
});
