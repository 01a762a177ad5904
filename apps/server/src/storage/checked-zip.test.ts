import { describe, expect, it } from 'vitest';
import { staysInside } from './checked-zip.js';

describe('entry names', () => {
  it('keeps names inside the archive only', () => {
    expect(staysInside('files/My Desk/a..b.txt')).toBe(true);
    for (const bad of ['../x', 'files/../../x', '/etc/passwd', 'C:/x', 'files\\..\\x']) {
      expect(staysInside(bad), bad).toBe(false);
    }
  });
});
