import { describe, expect, it } from 'vitest';
import { createUrlSigner } from './signed-urls.js';

const owner = '11111111-1111-4111-8111-111111111111';
const object = '22222222-2222-4222-8222-222222222222';

function parts(url: string) {
  const u = new URL(url, 'http://x');
  return { exp: Number(u.searchParams.get('exp')), sig: u.searchParams.get('sig') ?? '' };
}

describe('signed object addresses', () => {
  const signer = createUrlSigner('a secret that is long enough to sign with');

  it('verifies for the same owner, object and purpose only', () => {
    const { exp, sig } = parts(signer.url(owner, object, 'inline'));
    expect(signer.verify(owner, object, 'inline', exp, sig)).toBe(true);
    expect(signer.verify(owner, object, 'attachment', exp, sig)).toBe(false);
    expect(signer.verify(object, object, 'inline', exp, sig)).toBe(false);
    expect(signer.verify(owner, object, 'inline', exp + 3600, sig)).toBe(false);
    expect(signer.verify(owner, object, 'inline', exp, `${sig.slice(0, -1)}A`)).toBe(false);
  });

  it('expires, and stays the same address within the hour so browsers can cache', () => {
    const now = Date.UTC(2026, 0, 1, 10, 5);
    const first = signer.url(owner, object, 'thumbnail', now);
    expect(signer.url(owner, object, 'thumbnail', now + 20 * 60_000)).toBe(first);
    const { exp, sig } = parts(first);
    expect(signer.verify(owner, object, 'thumbnail', exp, sig, now)).toBe(true);
    expect(signer.verify(owner, object, 'thumbnail', exp, sig, exp * 1000 + 1)).toBe(false);
  });

  it('does not accept a signature made with another secret', () => {
    const { exp, sig } = parts(
      createUrlSigner('another secret, also long enough!!').url(owner, object, 'inline'),
    );
    expect(signer.verify(owner, object, 'inline', exp, sig)).toBe(false);
  });
});
