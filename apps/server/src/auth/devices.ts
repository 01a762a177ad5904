import { createHash, randomBytes } from 'node:crypto';

/**
 * The browser's device cookie: a random id set at each password sign-in, so a later sign-in from the
 * same browser is recognised as a device the account used before (the throttle then holds it to its
 * own key: guessing elsewhere never keeps its owner out). Only its sha256 is stored, on the sessions
 * it signed in.
 */
export const DEVICE_COOKIE = 'easio_device';
/** The longest lifetime browsers keep a cookie for (400 days). */
export const DEVICE_COOKIE_MAX_AGE_SECONDS = 400 * 24 * 60 * 60;
/** Sent only with the sign-in calls. */
export const DEVICE_COOKIE_PATH = '/api/auth';

const DEVICE_ID = /^[A-Za-z0-9_-]{43}$/;

export function newDeviceId(): string {
  return randomBytes(32).toString('base64url');
}

/** The stored form of a device id; null for a value that is not one (never issued by Easio). */
export function deviceHash(id: string | undefined): string | null {
  return id && DEVICE_ID.test(id) ? createHash('sha256').update(id).digest('hex') : null;
}
