import type { OutgoingMail } from './mailer.js';

/** Who a message is for: their address and what to call them. */
export interface Recipient {
  email: string;
  /** First name, else username. */
  name: string;
  username: string;
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** A paragraph of a message, or a link to follow (shown as a button in HTML, on its own line in text). */
type Part = string | { link: string; label: string };

/** The same message as plain text and as simple HTML, signed by Easio. */
function compose(to: string, subject: string, greeting: string, parts: Part[]): OutgoingMail {
  const text = [
    greeting,
    ...parts.map((p) => (typeof p === 'string' ? p : `${p.label}:\n${p.link}`)),
    '— Easio',
  ]
    .join('\n\n')
    .concat('\n');
  const body = parts
    .map((p) =>
      typeof p === 'string'
        ? `<p>${escapeHtml(p)}</p>`
        : `<p><a href="${escapeHtml(p.link)}" style="display:inline-block;padding:10px 18px;border-radius:8px;background:#1c7ed6;color:#ffffff;text-decoration:none;font-weight:600">${escapeHtml(p.label)}</a></p>` +
          `<p style="font-size:13px;color:#555555">Or paste this address into your browser: <br>${escapeHtml(p.link)}</p>`,
    )
    .join('\n');
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:24px;font-family:-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;font-size:15px;line-height:1.5;color:#222222">
<div style="max-width:560px;margin:0 auto">
<p>${escapeHtml(greeting)}</p>
${body}
<p>— Easio</p>
</div>
</body></html>
`;
  return { to, subject, text, html };
}

const hello = (r: Recipient) => `Hello ${r.name},`;

/** The link to choose a new password, valid `minutes` and once. */
export function passwordResetMail(r: Recipient, link: string, minutes: number): OutgoingMail {
  return compose(r.email, 'Reset your Easio password', hello(r), [
    `Someone, we hope you, asked to reset the password of your Easio account ${r.username}.`,
    { link, label: 'Choose a new password' },
    `The link works once, within ${minutes} minutes. If you did not ask, ignore this mail: your password stays as it is.`,
  ]);
}

/** The link that proves the user reads mail at `r.email`. */
export function verifyEmailMail(r: Recipient, link: string, days: number): OutgoingMail {
  return compose(r.email, 'Confirm your e-mail address for Easio', hello(r), [
    `Please confirm that ${r.email} is the address of your Easio account ${r.username}, so we can reach you when you need to reset your password.`,
    { link, label: 'Confirm my address' },
    `The link works once, within ${days} days. If you did not make an Easio account, ignore this mail.`,
  ]);
}

/** Tells the user their password changed, and what to do when it was not them. */
export function passwordChangedMail(r: Recipient, forgotLink: string): OutgoingMail {
  return compose(r.email, 'Your Easio password was changed', hello(r), [
    `The password of your Easio account ${r.username} was just changed, and every device signed in with the old one was signed out.`,
    'If that was you, there is nothing more to do.',
    'If it was not, choose a new password at once:',
    { link: forgotLink, label: 'Reset my password' },
  ]);
}

/** Sent to the address the account used before: where it went, and what to do when it was not them. */
export function emailChangedMail(r: Recipient, newEmail: string, signInLink: string): OutgoingMail {
  return compose(r.email, 'Your Easio e-mail address was changed', hello(r), [
    `The e-mail address of your Easio account ${r.username} was just changed from ${r.email} to ${newEmail}. Mail about the account, password resets too, now goes there.`,
    'If that was you, there is nothing more to do.',
    'If it was not, sign in at once, change the address back and choose a new password. If you can no longer sign in, ask the operator of this Easio server to reset your password.',
    { link: signInLink, label: 'Sign in to Easio' },
  ]);
}
