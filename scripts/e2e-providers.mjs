#!/usr/bin/env node
// Browser tests of the providers: loopback stand-ins for Google (OpenID provider, Drive, Gmail and
// Calendar) and Dropbox, a real IMAP server (Dovecot), a real SMTP server for the mail Easio sends,
// from the server's test code (hence `node --import tsx`), and an Easio server configured to use them.
import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import { fileURLToPath } from 'node:url';
import { startDovecot } from '../apps/server/src/test/dovecot.ts';
import { FAKE_DROPBOX_APP, startFakeDropbox } from '../apps/server/src/test/fake-dropbox/server.ts';
import { FAKE_CLIENT, startFakeGoogle } from '../apps/server/src/test/fake-google/server.ts';
import { startSmtpSink } from '../apps/server/src/test/smtp-sink.ts';

const port = Number(process.env.PORT ?? 3101);
const googlePort = Number(process.env.FAKE_GOOGLE_PORT ?? 3199);
const app = `http://localhost:${port}`;
const google = await startFakeGoogle(
  [`${app}/my-source`, `${app}/signup`, `${app}/api/auth/google/callback`],
  {
    port: googlePort,
    controlRoutes: true,
  },
);
const dropbox = await startFakeDropbox(`${app}/api/dropbox/callback`, {
  port: googlePort + 1,
  controlRoutes: true,
});

// A real IMAP server for the mail journeys: one mailbox per test (mailbox1…mailbox20), password app-pass.
const mail = await startDovecot(
  Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`mailbox${i + 1}`, 'app-pass'])),
  { port: googlePort + 2 },
);

// The mail Easio sends (reset and verification links) lands here; the tests read it as JSON from
// http://127.0.0.1:MAIL_INBOX_PORT/messages?to=ADDRESS.
const smtp = await startSmtpSink();
const inbox = createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://inbox');
  if (req.method !== 'GET' || url.pathname !== '/messages') {
    res.writeHead(404).end();
    return;
  }
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(JSON.stringify(smtp.to(url.searchParams.get('to') ?? '')));
});
await new Promise((resolve) =>
  inbox.listen(Number(process.env.MAIL_INBOX_PORT ?? port + 97), '127.0.0.1', resolve),
);

const server = spawn(process.execPath, [fileURLToPath(new URL('./e2e-server.mjs', import.meta.url))], {
  env: {
    ...process.env,
    PORT: String(port),
    PUBLIC_URL: app,
    GOOGLE_CLIENT_ID: FAKE_CLIENT.id,
    GOOGLE_CLIENT_SECRET: FAKE_CLIENT.secret,
    GOOGLE_ISSUER: google.url,
    GOOGLE_API_URL: google.url,
    DROPBOX_APP_KEY: FAKE_DROPBOX_APP.key,
    DROPBOX_APP_SECRET: FAKE_DROPBOX_APP.secret,
    DROPBOX_OAUTH_URL: dropbox.url,
    DROPBOX_API_URL: dropbox.url,
    DROPBOX_CONTENT_URL: dropbox.url,
    // The mail server and calendar feeds of the tests are on loopback, without TLS.
    ALLOW_PRIVATE_ADDRESSES: 'true',
    IMAP_ALLOW_PLAINTEXT: 'true',
    SMTP_URL: smtp.url,
    MAIL_FROM: 'Easio <desk@easio.test>',
  },
  stdio: 'inherit',
});
let stopping = false;
const stop = async (code) => {
  // The server's exit and the signal that caused it both ask: close the stand-ins once.
  if (stopping) return;
  stopping = true;
  if (server.exitCode === null) {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
  }
  inbox.close();
  await Promise.all([google.close(), dropbox.close(), mail.close(), smtp.close()]);
  process.exit(code);
};
server.on('exit', (code) => void stop(code ?? 1));
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => void stop(0));
