import { describe, expect, it } from 'vitest';
import { checkPassword, PASSWORD_RULE_TEXT, passwordProblem } from './password-rule.js';
import { passwordRule } from './rules.js';

const unmet = (password: string) => {
  const { passphrase, mixed } = checkPassword(password);
  return [passphrase, ...mixed].filter((c) => !c.met).map((c) => c.id);
};

describe('password rule', () => {
  it('passes Correct-Horse-42 by the mixed rule: - is a symbol', () => {
    const result = checkPassword('Correct-Horse-42');
    expect(result.ok).toBe(true);
    expect(result.mixed.every((c) => c.met)).toBe(true);
    expect(passwordRule.safeParse('Correct-Horse-42').success).toBe(true);
  });

  it('passes a passphrase by its length alone, without capitals, digits or punctuation', () => {
    const result = checkPassword('correct horse battery staple');
    expect(result.ok).toBe(true);
    expect(result.passphrase.met).toBe(true);
    expect(unmet('correct horse battery staple')).toEqual(['upper', 'digit']);
    expect(passwordRule.parse(' correct horse battery staple ')).toBe('correct horse battery staple');
  });

  it('fails short1! with the checklist naming length and an uppercase letter', () => {
    const result = checkPassword('short1!');
    expect(result.ok).toBe(false);
    expect(result.mixed.map((c) => [c.id, c.met])).toEqual([
      ['length', false],
      ['upper', false],
      ['lower', true],
      ['digit', true],
      ['symbol', true],
    ]);
    expect(unmet('short1!')).toEqual(['passphrase', 'length', 'upper']);
    expect(passwordRule.safeParse('short1!').error?.issues.map((i) => i.message)).toEqual([
      'Needs 12 or more characters, or else 8 or more characters and an uppercase letter',
    ]);
  });

  it('counts any character that is not a letter or digit as a symbol, Unicode included', () => {
    for (const symbol of ['-', ' ', '_', '~', '€', '«', '🐴', '¿']) {
      expect(checkPassword(`Horse${symbol}42`).ok, symbol).toBe(true);
    }
    // Letters and digits of other scripts are letters and digits, not symbols.
    expect(unmet('Éléphant42')).toEqual(['passphrase', 'symbol']);
    expect(unmet('ÀÉÎ٣٤ abc')).toEqual(['passphrase']);
    // An accent written as a combining mark belongs to its letter.
    expect(unmet('Cafe\u0301cafe12')).toEqual(['passphrase', 'symbol']);
  });

  it('counts characters, not UTF-16 units', () => {
    expect(checkPassword('🐴🐴🐴🐴🐴🐴🐴🐴🐴🐴🐴').passphrase.met).toBe(false);
    expect(checkPassword('🐴🐴🐴🐴🐴🐴🐴🐴🐴🐴🐴🐴').passphrase.met).toBe(true);
  });

  it('checks the password trimmed, as it is stored', () => {
    expect(checkPassword('   abc1!Ab   ').mixed.find((c) => c.id === 'length')?.met).toBe(false);
  });

  it('names only what is still missing', () => {
    expect(passwordProblem('abcdefgh1')).toBe(
      'Needs 12 or more characters, or else an uppercase letter and a symbol',
    );
    expect(passwordProblem('weak')).toBe(
      'Needs 12 or more characters, or else 8 or more characters, an uppercase letter, a digit and a symbol',
    );
    expect(passwordProblem('Correct-Horse-42')).toBeNull();
  });

  it('says the whole rule in one sentence', () => {
    expect(PASSWORD_RULE_TEXT).toBe(
      'Use 12 or more characters, or 8 or more characters with an uppercase letter, a lowercase letter, a digit and a symbol',
    );
  });

  it('still requires a password and caps its length', () => {
    expect(passwordRule.safeParse('   ').error?.issues.map((i) => i.message)).toEqual(['password required']);
    expect(passwordRule.safeParse('a'.repeat(129)).error?.issues.map((i) => i.message)).toEqual([
      'Password must be at most 128 characters',
    ]);
  });
});
