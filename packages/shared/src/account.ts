import { z } from 'zod';

/** `POST /api/account/delete`: the password again, so a left-open session cannot erase the account. */
export const deleteAccountSchema = z.strictObject({
  password: z.string({ error: 'Enter your password' }).min(1, 'Enter your password').max(1024),
});
export type DeleteAccount = z.infer<typeof deleteAccountSchema>;

export const ACCOUNT_DELETED_MESSAGE = 'Your account and everything on your desk were deleted';

/** `POST /api/account/export`: where to download everything from (a short-lived address), and how much it is. */
export const exportTicketSchema = z.object({
  url: z.string(),
  items: z.number().int(),
  files: z.number().int(),
  bytes: z.number().int(),
});
export type ExportTicket = z.infer<typeof exportTicketSchema>;

/** The notifications a user may turn on or off (stored with the account). */
export const notificationPrefsSchema = z.strictObject({
  /** A toast when new filing suggestions are ready (live, whatever made them). */
  new_suggestions: z.boolean(),
});
export type NotificationPrefs = z.infer<typeof notificationPrefsSchema>;
export const NOTIFICATION_DEFAULTS: NotificationPrefs = { new_suggestions: true };
