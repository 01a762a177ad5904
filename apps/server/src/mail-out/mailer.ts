import { createTransport } from 'nodemailer';

/** One message: a plain-text body and the same in simple HTML. */
export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  /** Hands the message to the mail server; rejects when it cannot be delivered there. */
  send(mail: OutgoingMail): Promise<void>;
  /** Resolves once every send started so far has ended (delivered or failed). */
  idle(): Promise<void>;
  /** Waits for the sends under way, then closes the connection. */
  close(): Promise<void>;
}

/** How long a mail server may take to answer before a send fails (nodemailer waits minutes by default). */
const TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

/**
 * The SMTP sender: `smtp://` (STARTTLS whenever the server offers it) or `smtps://` (TLS from the
 * start), with the user and password in the address. Built once and shared by whatever sends mail.
 */
export function createMailer(options: { smtpUrl: string; from: string }): Mailer {
  const url = new URL(options.smtpUrl);
  const transport = createTransport({
    host: url.hostname.replace(/^\[|\]$/g, ''),
    port: url.port ? Number(url.port) : url.protocol === 'smtps:' ? 465 : 587,
    secure: url.protocol === 'smtps:',
    auth: url.username
      ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) }
      : undefined,
    ...TIMEOUTS,
  });
  const pending = new Set<Promise<unknown>>();

  return {
    async send(mail) {
      const sending = transport.sendMail({ from: options.from, ...mail });
      pending.add(sending);
      try {
        await sending;
      } finally {
        pending.delete(sending);
      }
    },
    async idle() {
      while (pending.size > 0) await Promise.allSettled([...pending]);
    },
    async close() {
      await this.idle();
      transport.close();
    },
  };
}

/** The sender the configuration asks for, or null when no mail server is set (`SMTP_URL`). */
export function mailerFromConfig(config: { SMTP_URL?: string; mailFrom: string }): Mailer | null {
  return config.SMTP_URL ? createMailer({ smtpUrl: config.SMTP_URL, from: config.mailFrom }) : null;
}
