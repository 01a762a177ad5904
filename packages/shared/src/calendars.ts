import { z } from 'zod';
import { icsImportResultSchema } from './sources.js';

/** A calendar address as users paste it: `webcal://` is the same feed over https. */
export const calendarUrlSchema = z
  .string()
  .trim()
  .min(1, 'Enter the calendar address')
  .max(2000, 'That address is too long')
  .transform((url) => url.replace(/^webcals?:\/\//i, 'https://'))
  .pipe(
    z
      .string()
      .url('Enter an address starting with https:// or webcal://')
      .refine((url) => /^https?:\/\//i.test(url), 'Enter an address starting with https:// or webcal://'),
  );

export const calendarSubscriptionSchema = z.object({
  id: z.string(),
  url: z.string(),
  name: z.string(),
  events: z.number().int(),
  /** The calendar holds more than one subscription keeps (5,000 events): some were left out. */
  capped: z.boolean(),
  last_refreshed_at: z.string().nullable(),
  last_error: z.string().nullable(),
});
export type CalendarSubscription = z.infer<typeof calendarSubscriptionSchema>;

export const calendarSubscribeSchema = z.strictObject({ url: calendarUrlSchema });
export const calendarSubscriptionListSchema = z.object({
  subscriptions: z.array(calendarSubscriptionSchema),
});

/** The subscribed addresses, kept in the calendar subscriptions' connection. */
export const calendarFeedsSchema = z.object({
  feeds: z.array(z.object({ id: z.string(), url: z.string(), name: z.string() })).default([]),
});

/** How many calendar addresses one account may subscribe to. */
export const MAX_CALENDAR_FEEDS = 50;

/** `POST /api/calendars/ics`: what an imported .ics file brought, and what importing it again removed. */
export const calendarImportResultSchema = icsImportResultSchema.extend({
  /** Events of the file that could not be read (listed with their reason among the import's failures). */
  failed: z.number().int(),
  /** Events of this calendar imported before that the file no longer holds (or now cancels). */
  removed: z.number().int(),
});
export type CalendarImportResult = z.infer<typeof calendarImportResultSchema>;
