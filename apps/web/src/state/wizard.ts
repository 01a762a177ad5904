import type { Services } from '@easio/shared';
import { localStore } from './storage';

/**
 * The signup wizard's progress, kept in local storage so it survives a redirect (to Google and back):
 * the step shown, the step whose rules apply, the services ticked and the account's session, which
 * stays under `tempUser` until Finish so the visitor is not yet "logged in".
 */
export const NO_SERVICES: Services = {
  google_service: false,
  dropbox_service: false,
  extension_service: false,
  whatsapp_service: false,
};

export function readWizard() {
  return {
    activeStep: localStore.get('activeStep') ?? 0,
    validationStep: localStore.get('validationStep') ?? 0,
    services: localStore.get('service') ?? NO_SERVICES,
    tempUser: localStore.get('tempUser'),
  };
}

/** Forgets the wizard's progress and its account's session (at Finish, and at every sign-in and sign-out). */
export function clearWizard(): void {
  localStore.remove('activeStep', 'validationStep', 'service', 'tempUser');
}
