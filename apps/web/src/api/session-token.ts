import { type AccessClaims, accessClaimsSchema, type SessionUser } from '@easio/shared';

/** Decodes base64url (RFC 4648 §5, padding optional) into UTF-8 text. */
export function decodeBase64Url(input: string): string {
  if (!/^[A-Za-z0-9_-]*$/.test(input) || input.length % 4 === 1) throw new Error('Not base64url');
  const base64 = input
    .replaceAll('-', '+')
    .replaceAll('_', '/')
    .padEnd(Math.ceil(input.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
}

/** The claims of a JWT access token, read without verifying it (the server verifies every call). */
export function readAccessClaims(token: string): AccessClaims {
  const parts = token.split('.');
  if (parts.length !== 3 || !parts[1]) throw new Error('The server sent a malformed access token');
  let payload: unknown;
  try {
    payload = JSON.parse(decodeBase64Url(parts[1]));
  } catch {
    throw new Error('The server sent a malformed access token');
  }
  const claims = accessClaimsSchema.safeParse(payload);
  if (!claims.success) throw new Error('The server sent an access token without the expected claims');
  return claims.data;
}

/** The session kept under `user` (spec section 3): the token plus what it carries; `sub` is the e-mail. */
export function sessionFromToken(accessToken: string): SessionUser {
  const claims = readAccessClaims(accessToken);
  return {
    access_token: accessToken,
    root_folder: claims.root_folder,
    user_id: claims.user_id,
    email: claims.sub,
  };
}
