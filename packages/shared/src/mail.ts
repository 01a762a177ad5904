import { z } from 'zod';

export const IMAP_SECURITY = ['tls', 'starttls'] as const;

/** `POST /api/mail/imap/connect`: the mailbox to read. The password is sealed at rest like any token. */
export const imapAccountSchema = z.strictObject({
  host: z
    .string()
    .trim()
    .min(1, 'Enter the mail server')
    .max(253)
    .regex(/^[A-Za-z0-9.-]+$|^\[?[0-9a-fA-F:.]+\]?$/, 'Enter a host name such as imap.example.com'),
  port: z.coerce
    .number()
    .int()
    .min(1, 'Enter a port from 1 to 65535')
    .max(65535, 'Enter a port from 1 to 65535'),
  /** `tls`: encrypted from the start (usually 993); `starttls`: upgraded after connecting (usually 143). */
  security: z.enum(IMAP_SECURITY),
  user: z.string().trim().min(1, 'Enter the user name').max(320),
  password: z.string().min(1, 'Enter the password').max(1000),
});
export type ImapAccount = z.infer<typeof imapAccountSchema>;

/** `POST /api/mail/imap/password`: the connected mailbox's new password (signed in with before it is kept). */
export const imapPasswordSchema = z.strictObject({
  password: z.string().min(1, 'Enter the new password').max(1000),
});

/**
 * Common providers' IMAP settings, so most users only type their address and an app password. (Proton
 * Mail is absent: its Bridge listens on the user's own computer with a self-signed certificate, which a
 * server cannot reach or trust.)
 */
export const IMAP_PRESETS = [
  { id: 'gmail', label: 'Gmail', host: 'imap.gmail.com', port: 993, security: 'tls' },
  { id: 'outlook', label: 'Outlook / Hotmail', host: 'outlook.office365.com', port: 993, security: 'tls' },
  { id: 'yahoo', label: 'Yahoo Mail', host: 'imap.mail.yahoo.com', port: 993, security: 'tls' },
  { id: 'icloud', label: 'iCloud Mail', host: 'imap.mail.me.com', port: 993, security: 'tls' },
  { id: 'fastmail', label: 'Fastmail', host: 'imap.fastmail.com', port: 993, security: 'tls' },
  { id: 'zoho', label: 'Zoho Mail', host: 'imap.zoho.com', port: 993, security: 'tls' },
  { id: 'gmx', label: 'GMX', host: 'imap.gmx.com', port: 993, security: 'tls' },
] as const satisfies readonly {
  id: string;
  label: string;
  host: string;
  port: number;
  security: (typeof IMAP_SECURITY)[number];
}[];

export const IMAP_AFTER_IMPORT = ['nothing', 'mark_read', 'move'] as const;

const contains = z.string().trim().max(200).default('');

/** Which messages of the mailbox come to the desk, and what (if anything) Easio does to them after. */
export const imapRulesSchema = z
  .strictObject({
    folders: z
      .array(z.string().min(1).max(500))
      .min(1, 'Choose at least one folder')
      .max(100)
      .default(['INBOX']),
    from_contains: contains,
    subject_contains: contains,
    body_contains: contains,
    /** Only the files attached to the messages, not the messages themselves. */
    attachments_only: z.boolean().default(false),
    /** Messages older than this many days are left out; null: any age. */
    max_age_days: z.number().int().min(1).max(36500).nullable().default(365),
    /** Off by default: Easio reads the mailbox and changes nothing unless asked. */
    after_import: z.enum(IMAP_AFTER_IMPORT).default('nothing'),
    move_to: z.string().trim().max(500).default(''),
  })
  .refine((r) => r.after_import !== 'move' || r.move_to !== '', {
    message: 'Choose the folder to move imported messages to',
    path: ['move_to'],
  })
  .refine((r) => r.after_import !== 'move' || !r.folders.includes(r.move_to), {
    message: 'Move them to a folder that is not imported',
    path: ['move_to'],
  });
export type ImapRules = z.infer<typeof imapRulesSchema>;

/** `GET /api/sources/imap/choices`: the mailbox's folders. */
export const imapChoicesSchema = z.object({
  folders: z.array(z.object({ path: z.string(), name: z.string(), special_use: z.string().nullable() })),
});

/** `POST /api/mail/files`: what an uploaded `.eml` or `.mbox` brought. */
export const mailImportResultSchema = z.object({
  messages: z.number().int(),
  imported: z.number().int(),
  skipped: z.number().int(),
  failed: z.number().int(),
});
export type MailImportResult = z.infer<typeof mailImportResultSchema>;
