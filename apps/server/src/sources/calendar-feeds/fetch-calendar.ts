import { FetchRefused, guardedFetch, isPublicAddress } from '../../http/guarded-fetch.js';
import { IcsError, parseCalendar } from '../calendar-files/ics.js';
import { MAX_ICS_BYTES } from '../calendar-files/ics-routes.js';

export interface FeedPolicy {
  /** Private and loopback addresses may be fetched (ALLOW_PRIVATE_ADDRESSES). */
  allowPrivate: boolean;
  timeoutMs?: number;
}

/** Why a calendar address gave no calendar, said so the user knows what to do. */
export class FeedError extends Error {}

/**
 * A subscribed calendar's events, fetched through the guarded client (public addresses only, on every
 * redirect; 20 MB and 30 s at most) and parsed over the desk's window.
 */
export async function fetchCalendar(url: string, policy: FeedPolicy, now = new Date()) {
  let text: string;
  try {
    const fetched = await guardedFetch(url, {
      maxBytes: MAX_ICS_BYTES,
      timeoutMs: policy.timeoutMs ?? 30_000,
      accept: 'text/calendar, text/plain;q=0.5, */*;q=0.1',
      userAgent: 'Easio (calendar subscription)',
      isAllowed: policy.allowPrivate ? () => true : isPublicAddress,
    });
    text = fetched.body.toString('utf8');
  } catch (error) {
    if (error instanceof FetchRefused) throw new FeedError(error.message);
    throw error;
  }
  if (!/^\s*BEGIN:VCALENDAR/i.test(text.slice(0, 1000))) {
    throw new FeedError('That address does not hold a calendar (an .ics feed)');
  }
  try {
    return parseCalendar(text, now);
  } catch (error) {
    if (error instanceof IcsError) throw new FeedError(error.message);
    throw error;
  }
}
