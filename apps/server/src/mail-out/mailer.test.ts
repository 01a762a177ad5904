import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SmtpSink, startSmtpSink } from '../test/smtp-sink.js';
import { createMailer, mailerFromConfig } from './mailer.js';
import { passwordResetMail } from './messages.js';

describe('the SMTP sender', () => {
  let sink: SmtpSink;
  beforeAll(async () => {
    sink = await startSmtpSink({ auth: { user: 'desk', pass: 'p@ss:word' } });
  });
  afterAll(async () => {
    await sink.close();
  });

  it('signs in to the mail server and delivers plain text and HTML from MAIL_FROM', async () => {
    const mailer = createMailer({ smtpUrl: sink.url, from: 'Easio <desk@example.org>' });
    const mail = passwordResetMail(
      { email: 'ann@example.com', name: 'Ann <b>', username: 'ann' },
      'https://desk.example.org/reset-password?token=abc_DEF-123',
      30,
    );
    await mailer.send(mail);
    await mailer.close();
    const [received] = sink.to('ann@example.com');
    expect(received).toMatchObject({ from: 'desk@example.org', subject: 'Reset your Easio password' });
    expect(received?.text).toContain('Hello Ann <b>,');
    expect(received?.links).toEqual(['https://desk.example.org/reset-password?token=abc_DEF-123']);
    expect(received?.html).toContain('href="https://desk.example.org/reset-password?token=abc_DEF-123"');
    // What a user typed is text in the HTML, never markup.
    expect(received?.html).toContain('Hello Ann &lt;b&gt;,');
  });

  it('rejects a send the mail server refuses (wrong password), and is idle after', async () => {
    const mailer = createMailer({
      smtpUrl: sink.url.replace('p%40ss%3Aword', 'nope'),
      from: 'desk@example.org',
    });
    await expect(
      mailer.send({ to: 'bob@example.com', subject: 'Hi', text: 'Hi', html: '<p>Hi</p>' }),
    ).rejects.toThrow(/Invalid username or password|Invalid login/);
    await mailer.idle();
    await mailer.close();
    expect(sink.to('bob@example.com')).toEqual([]);
  });

  it('is built only when SMTP_URL is set', () => {
    expect(mailerFromConfig({ mailFrom: 'desk@example.org' })).toBeNull();
    expect(mailerFromConfig({ SMTP_URL: sink.url, mailFrom: 'desk@example.org' })).not.toBeNull();
  });
});
