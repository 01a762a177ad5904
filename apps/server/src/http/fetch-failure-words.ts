/**
 * Why a user's address could not be read, in words the user can act on (shown under a link, beside a
 * calendar feed). Node's codes ("getaddrinfo ENOTFOUND …") mean nothing to them.
 */

const CERTIFICATE = /CERT|SELF_SIGNED|UNABLE_TO_VERIFY|ALTNAME/;

export function unreachableWords(error: Error & { code?: string }): string {
  const code = error.code ?? '';
  if (code === 'ENOTFOUND') return 'No site answers to this name: check the address';
  if (code === 'EAI_AGAIN') return 'The site’s name could not be looked up just now';
  if (code === 'ECONNREFUSED') return 'The site refused the connection';
  if (code === 'ECONNRESET' || code === 'EPIPE') return 'The site cut the connection';
  if (code === 'ETIMEDOUT') return 'The site took too long to answer';
  if (code === 'EHOSTUNREACH' || code === 'ENETUNREACH') return 'The site’s network cannot be reached';
  if (CERTIFICATE.test(code)) return 'The site’s security certificate is not valid';
  if (code === 'EPROTO' || code.startsWith('ERR_SSL')) return 'The site’s secure connection failed';
  return 'The site could not be reached';
}

export function statusWords(status: number): string {
  if (status === 404 || status === 410) return `The page was not found (${status})`;
  if (status === 401 || status === 403) return `The site does not let others read this page (${status})`;
  if (status === 429) return 'The site is busy and asked to be tried later (429)';
  if (status >= 500) return `The site had a problem (${status})`;
  return `The site answered ${status}`;
}

export function sizeWords(maxBytes: number): string {
  const mb = maxBytes / (1024 * 1024);
  return mb >= 1
    ? `The page is larger than ${Number.isInteger(mb) ? mb : mb.toFixed(1)} MB`
    : `The answer is larger than ${maxBytes} bytes`;
}
