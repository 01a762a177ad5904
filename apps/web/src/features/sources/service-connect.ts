import type { ConnectionService } from '@easio/shared';
import type { Auth } from '../../api/client';
import type { GoogleReturn } from './api';
import { useDropboxConnect } from './dropbox-connect';
import { useGoogleConnect } from './google-connect';

/** Connect a service: its provider's consent page (Dropbox's for Dropbox, Google's for the rest), then back to `returnTo`. */
export function useServiceConnect(service: ConnectionService, returnTo: GoogleReturn, auth: Auth) {
  const google = useGoogleConnect(returnTo, auth, service);
  const dropbox = useDropboxConnect(returnTo, auth);
  return service === 'dropbox' ? dropbox : google;
}
