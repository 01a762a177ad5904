import { TOAST_MS } from '@easio/shared';
import { Loader, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { completeOnboarding } from '../../api/auth';
import { storeMe } from '../../api/queries';
import { toastError } from '../../lib/toast';
import { getSession, setSession } from '../../state/session';
import { localStore } from '../../state/storage';
import { clearWizard } from '../../state/wizard';

/**
 * Step 4, SetupFiles: clears the wizard's stored data, marks onboarding complete, and signs the new user
 * in with the session kept since step 1, then opens the desk. It never signs in over a session already
 * there.
 */
export function SetupFilesStep() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const session = localStore.get('tempUser');
    clearWizard();
    if (!session) {
      navigate('/login', { replace: true });
      return;
    }
    // Whoever is signed in here (another tab may have signed in meanwhile) stays signed in: this
    // wizard's account, which may be somebody else's, never replaces their session.
    const signedIn = () => getSession() !== null;
    if (signedIn()) {
      navigate('/my-desk', { replace: true });
      return;
    }
    completeOnboarding(session.access_token)
      .catch((error: unknown) => {
        toastError(error, TOAST_MS.signup);
        return null;
      })
      .then((info) => {
        if (!signedIn()) {
          if (info) storeMe(queryClient, info);
          setSession(session);
        }
        navigate('/my-desk', { replace: true });
      });
  }, [navigate, queryClient]);

  return (
    <Stack align="center" gap="md" py={48}>
      <Loader size="lg" role="status" aria-label="Setting up your desk" />
      <Text fw={600}>Setting up your desk…</Text>
    </Stack>
  );
}
