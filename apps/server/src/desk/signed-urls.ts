import { createHmac, timingSafeEqual } from 'node:crypto';

export type UrlPurpose = 'inline' | 'attachment' | 'thumbnail';

const HOUR = 3600;

/**
 * Short-lived signed addresses for an object's bytes, so `<img src>`, `<iframe>` and download links
 * work without the bearer token. Expiry is rounded to the hour after next, so the same address is
 * handed out for an hour and browsers can cache what it points to.
 */
export function createUrlSigner(secret: string) {
  const key = createHmac('sha256', secret).update('easio signed object urls').digest();
  const sign = (ownerId: string, objectId: string, purpose: UrlPurpose, exp: number) =>
    createHmac('sha256', key).update(`${ownerId}|${objectId}|${purpose}|${exp}`).digest('base64url');

  return {
    url(ownerId: string, objectId: string, purpose: UrlPurpose, now = Date.now()): string {
      const exp = (Math.floor(now / 1000 / HOUR) + 2) * HOUR;
      const path = purpose === 'thumbnail' ? 'thumbnail' : 'content';
      const disposition = purpose === 'attachment' ? '&disposition=attachment' : '';
      return `/api/desk/objects/${objectId}/${path}?exp=${exp}&sig=${sign(ownerId, objectId, purpose, exp)}${disposition}`;
    },
    verify(
      ownerId: string,
      objectId: string,
      purpose: UrlPurpose,
      exp: number,
      sig: string,
      now = Date.now(),
    ): boolean {
      if (!Number.isInteger(exp) || exp * 1000 < now) return false;
      const expected = Buffer.from(sign(ownerId, objectId, purpose, exp));
      const given = Buffer.from(sig);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}

export type UrlSigner = ReturnType<typeof createUrlSigner>;
