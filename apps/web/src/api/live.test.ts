import { LIVE_TOO_MANY_CONNECTIONS } from '@easio/shared';
import { CloseCode } from 'graphql-ws';
import { describe, expect, it } from 'vitest';
import { connectsAgainAfter } from './live';

describe('the live connection', () => {
  it('connects again after a network loss and after a refusal for too many connections, never after a refused token', () => {
    expect(connectsAgainAfter(new Event('error'))).toBe(true);
    expect(connectsAgainAfter({ code: 1006, reason: '' })).toBe(true);
    expect(connectsAgainAfter({ code: LIVE_TOO_MANY_CONNECTIONS, reason: 'Too many live connections' })).toBe(
      true,
    );
    expect(connectsAgainAfter({ code: CloseCode.Unauthorized, reason: 'Token expired' })).toBe(false);
    expect(connectsAgainAfter({ code: CloseCode.Forbidden, reason: 'Forbidden' })).toBe(false);
  });
});
