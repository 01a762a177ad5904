import { spawn } from 'node:child_process';
import { chmod, chown, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ImapFlow } from 'imapflow';

/** Runs dovecot and waits for it to exit (it forks its daemon, whose pipes would keep execFile waiting). */
function run(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: 'ignore' });
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} exited with ${code}`)),
    );
  });
}
const DOVECOT = '/usr/sbin/dovecot';
/** Mail is stored as this unprivileged user (Dovecot refuses to store mail as root). */
const NOBODY = 65534;

export interface TestMailServer {
  host: string;
  port: number;
  /** Signs in as the user (to put messages in place, delete them, look at flags). */
  client(user: string): Promise<ImapFlow>;
  /** Puts a raw message in the user's folder (created when missing); answers its UID. */
  append(user: string, folder: string, raw: string | Buffer, flags?: string[]): Promise<number>;
  close(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function waitForPort(port: number, deadline: number): Promise<void> {
  while (Date.now() < deadline) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`Dovecot did not listen on ${port}`);
}

/**
 * A real IMAP server (Debian's Dovecot) on loopback, for these users, in a directory of its own that is
 * removed on close. Plain-text login on 127.0.0.1 only, as the test server it is.
 */
export async function startDovecot(
  users: Record<string, string>,
  options: { port?: number } = {},
): Promise<TestMailServer> {
  const dir = await mkdtemp(path.join(tmpdir(), 'easio-dovecot-'));
  const port = options.port ?? (await freePort());
  const mail = path.join(dir, 'mail');
  await mkdir(mail);
  await mkdir(path.join(dir, 'run'));
  // mkdtemp makes the directory private to root; the mail user must reach its mail inside it.
  await chmod(dir, 0o755);
  await chown(mail, NOBODY, NOBODY);
  await writeFile(
    path.join(dir, 'users'),
    Object.entries(users)
      .map(([user, pass]) => `${user}:{PLAIN}${pass}`)
      .join('\n'),
  );
  const config = path.join(dir, 'dovecot.conf');
  await writeFile(
    config,
    `base_dir = ${dir}/run
state_dir = ${dir}/run
listen = 127.0.0.1
protocols = imap
ssl = no
disable_plaintext_auth = no
auth_mechanisms = plain login
log_path = ${dir}/dovecot.log
mail_location = maildir:${mail}/%u
default_internal_user = dovecot
default_login_user = dovenull
first_valid_uid = 1
passdb {
  driver = passwd-file
  args = scheme=PLAIN username_format=%u ${dir}/users
}
userdb {
  driver = static
  args = uid=${NOBODY} gid=${NOBODY} home=${mail}/%u
}
service imap-login {
  chroot =
  inet_listener imap {
    address = 127.0.0.1
    port = ${port}
  }
  inet_listener imaps {
    port = 0
  }
}
service anvil {
  chroot =
}
`,
  );
  try {
    await run(DOVECOT, ['-c', config]);
  } catch (error) {
    throw new Error(
      `Dovecot could not start (${DOVECOT}; install Debian's dovecot-imapd, as .ci/run does): ${(error as Error).message}`,
    );
  }
  await waitForPort(port, Date.now() + 10_000);

  const client = async (user: string) => {
    const c = new ImapFlow({
      host: '127.0.0.1',
      port,
      secure: false,
      auth: { user, pass: users[user] ?? '' },
      logger: false,
      disableAutoIdle: true,
    });
    await c.connect();
    return c;
  };

  return {
    host: '127.0.0.1',
    port,
    client,
    async append(user, folder, raw, flags = []) {
      const c = await client(user);
      try {
        if (folder !== 'INBOX') await c.mailboxCreate(folder).catch(() => undefined);
        const result = await c.append(folder, raw, flags);
        if (result === false || !result.uid) throw new Error('append gave no UID');
        return result.uid;
      } finally {
        await c.logout();
      }
    },
    async close() {
      await run(DOVECOT, ['-c', config, 'stop']).catch(() => undefined);
      await rm(dir, { recursive: true, force: true });
    },
  };
}
