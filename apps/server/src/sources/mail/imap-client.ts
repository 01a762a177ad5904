import { lookup } from 'node:dns/promises';
import type { ImapAccount } from '@easio/shared';
import type { ImapFlow } from 'imapflow';
import { isPublicAddress } from '../../http/guarded-fetch.js';
import { SyncError } from '../provider-errors.js';

export interface ImapPolicy {
  /** Mail servers on private or loopback networks may be reached (ALLOW_PRIVATE_ADDRESSES). */
  allowPrivate: boolean;
  /** A server without TLS may be read (IMAP_ALLOW_PLAINTEXT). */
  allowPlaintext: boolean;
  timeoutMs?: number;
}

/** Why the mail server could not be read, said so the user knows what to change. */
export class ImapError extends SyncError {}

interface ImapFailure {
  code?: string;
  authenticationFailed?: boolean;
  responseText?: string;
  message?: string;
}

/** imapflow's error (its own codes, or Node's for the socket), said in words (the server's own text where it gave one). */
export function describeImapError(
  error: unknown,
  account: Pick<ImapAccount, 'host' | 'port'> & Partial<Pick<ImapAccount, 'security'>>,
): string {
  const e = (error ?? {}) as ImapFailure;
  const where = `${account.host}:${account.port}`;
  if (e.authenticationFailed || /AUTHENTICATIONFAILED/i.test(e.responseText ?? '')) {
    return 'The mail server refused this user name and password. Many providers need an app password here rather than your usual one.';
  }
  switch (e.code) {
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `No mail server is known by the name ${account.host}.`;
    case 'ECONNREFUSED':
      return `Nothing answers at ${where}: check the server and the port.`;
    case 'GREETING_TIMEOUT':
      // A port that speaks TLS from the start says nothing until the client's TLS hello.
      return account.security === 'starttls'
        ? `${where} sent no greeting: this port speaks TLS from the start, so choose TLS (usually port 993).`
        : `${where} did not greet in time: check the server and the port.`;
    case 'UPGRADE_TIMEOUT':
      return `${where} did not finish switching to STARTTLS in time.`;
    case 'ETIMEDOUT':
    case 'ETIMEOUT':
    case 'CONNECT_TIMEOUT':
      return `${where} did not answer in time.`;
    case 'ETHROTTLE':
      return `${where} is limiting how much is read: the next sync goes on later.`;
    case 'NoConnection':
    case 'EConnectionClosed':
    case 'StateLogout':
    case 'ECONNRESET':
    case 'EPIPE':
      return `${where} closed the connection.${e.responseText ? ` It said: ${e.responseText}` : ''}`;
    case 'ERR_SSL_WRONG_VERSION_NUMBER':
    case 'ERR_SSL_PACKET_LENGTH_TOO_LONG':
      return `${where} does not speak TLS from the start: choose STARTTLS (usually port 143).`;
    case 'DEPTH_ZERO_SELF_SIGNED_CERT':
    case 'SELF_SIGNED_CERT_IN_CHAIN':
    case 'CERT_HAS_EXPIRED':
    case 'ERR_TLS_CERT_ALTNAME_INVALID':
    case 'UNABLE_TO_VERIFY_LEAF_SIGNATURE':
      return `${where} showed a certificate that cannot be trusted (${e.code}).`;
  }
  if (/STARTTLS/i.test(e.message ?? '') || /STARTTLS/i.test(e.responseText ?? '')) {
    return `${where} does not offer STARTTLS: choose TLS (usually port 993).`;
  }
  return e.responseText || e.message || `${where} could not be read.`;
}

/** The host's address, refused when it is not on the public internet (unless this server allows it). */
async function resolveHost(host: string, policy: ImapPolicy): Promise<string> {
  const bare = host.replace(/^\[|\]$/g, '');
  let addresses: { address: string }[];
  try {
    addresses = await lookup(bare, { all: true });
  } catch (error) {
    throw new ImapError(describeImapError(error, { host, port: 0 }));
  }
  const allowed = addresses.find((a) => policy.allowPrivate || isPublicAddress(a.address));
  if (!allowed) throw new ImapError(`${host} is not on the public internet.`);
  return allowed.address;
}

/** Signs in to the mailbox; the caller logs out. Errors are ImapErrors said in words. */
export async function openImap(account: ImapAccount, policy: ImapPolicy): Promise<ImapFlow> {
  if (account.security === 'starttls' && account.port === 993) {
    // Port 993 is IMAP over TLS (RFC 8314): STARTTLS there would only wait for a greeting that never comes.
    throw new ImapError(`Port 993 speaks TLS from the start: choose TLS, or STARTTLS on port 143.`);
  }
  const address = await resolveHost(account.host, policy);
  const timeout = policy.timeoutMs ?? 30_000;
  // Loaded at the first mailbox opened (~20 MB of memory), not with the server.
  const { ImapFlow } = await import('imapflow');
  const client = new ImapFlow({
    // Connected to the address checked above, so a name cannot resolve elsewhere between check and use.
    host: address,
    servername: account.host.replace(/^\[|\]$/g, ''),
    port: account.port,
    secure: account.security === 'tls',
    doSTARTTLS: account.security === 'starttls' ? (policy.allowPlaintext ? undefined : true) : undefined,
    auth: { user: account.user, pass: account.password },
    logger: false,
    disableAutoIdle: true,
    connectionTimeout: timeout,
    // A server greets at once; one that stays silent is most likely a TLS port read as STARTTLS.
    greetingTimeout: Math.min(timeout, 15_000),
    socketTimeout: timeout * 4,
    clientInfo: { name: 'Easio' },
  });
  // An error after connecting surfaces in the command that was running; without a listener it would crash.
  client.on('error', () => {});
  try {
    await client.connect();
  } catch (error) {
    client.close();
    throw new ImapError(describeImapError(error, account));
  }
  return client;
}

/** The mailbox's folders, for the rules' folder choice. */
export async function listFolders(client: ImapFlow) {
  const boxes = await client.list();
  return boxes
    .filter((b) => !b.flags.has('\\Noselect') && !b.flags.has('\\NonExistent'))
    .map((b) => ({ path: b.path, name: b.name, special_use: b.specialUse ?? null }));
}
