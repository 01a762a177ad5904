import { type Services, type SessionUser, SIGNUP_STEPS, TOAST_MS } from '@easio/shared';
import { Anchor, Button, Group, Paper, Stack, Stepper, Text, Title } from '@mantine/core';
import { useIsMutating, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { fetchMe } from '../../api/auth';
import { PublicShell } from '../../components/PublicShell';
import { usePageTitle } from '../../components/usePageTitle';
import { toastError } from '../../lib/toast';
import { useErrorParamToast } from '../../lib/use-error-param-toast';
import { setSession } from '../../state/session';
import { localStore } from '../../state/storage';
import { clearWizard, NO_SERVICES, readWizard } from '../../state/wizard';
import { useGoogleSignInReturn } from '../auth/useGoogleSignInReturn';
import { useDropboxReturn } from '../sources/dropbox-connect';
import { useGoogleConnectReturn } from '../sources/google-connect';
import { LinkAccountsStep } from './LinkAccountsStep';
import { REGISTER_MUTATION, RegisterStep } from './RegisterStep';
import { ServicesStep } from './ServicesStep';
import { SetupFilesStep } from './SetupFilesStep';

const LAST_STEP = SIGNUP_STEPS.length - 1;

function initialState() {
  const stored = readWizard();
  // Without the account's session the later steps cannot work: start again.
  if (stored.activeStep > 0 && !stored.tempUser) return { ...stored, activeStep: 0, validationStep: 0 };
  return stored;
}

/**
 * The signup wizard (/signup and /signup-org): Register, Create Profile, Link Accounts, SetupFiles.
 * The step, the step being validated and the services ticked are kept in local storage, so the wizard
 * picks up where it was after a redirect to Google and back.
 */
export function SignupPage() {
  usePageTitle('Sign up');
  useErrorParamToast(TOAST_MS.signup);
  const [initial] = useState(initialState);
  const [active, setActive] = useState(initial.activeStep);
  const [services, setServices] = useState<Services>(initial.services);
  const [tempUser, setTempUser] = useState<SessionUser | null>(initial.tempUser);
  const registering = useIsMutating({ mutationKey: REGISTER_MUTATION }) > 0;

  const navigate = useNavigate();
  const queryClient = useQueryClient();

  const goTo = useCallback((step: number) => {
    setActive(step);
    // The spec keeps the step whose rules apply next to the step shown; going back resets both.
    localStore.set('activeStep', step);
    localStore.set('validationStep', step);
  }, []);

  // Signed up with Google: the account exists, so the wizard goes on to the services (an account that
  // finished the wizard before is simply signed in).
  useGoogleSignInReturn(
    useCallback(
      (session: SessionUser) => {
        void fetchMe(undefined, { token: session.access_token })
          .then((info) => {
            if (info.onboarding_completed) {
              clearWizard();
              setSession(session);
              navigate('/my-desk', { replace: true });
              return;
            }
            localStore.set('tempUser', session);
            setTempUser(session);
            goTo(1);
          })
          .catch((error: unknown) => toastError(error, TOAST_MS.signup));
      },
      [goTo, navigate],
    ),
  );
  // Back from connecting Dropbox or Google Drive in step 3.
  useDropboxReturn(
    useCallback(() => void queryClient.invalidateQueries({ queryKey: ['signup'] }), [queryClient]),
  );
  const wizardAuth = useMemo(() => (tempUser ? { token: tempUser.access_token } : null), [tempUser]);
  useGoogleConnectReturn(
    'signup',
    wizardAuth,
    useCallback(() => void queryClient.invalidateQueries({ queryKey: ['signup'] }), [queryClient]),
  );

  const formId = `signup-step-${active}`;

  return (
    <PublicShell
      aside={
        <Text size="sm">
          Already have an account?{' '}
          <Anchor component={Link} to="/login" fw={600}>
            Sign in
          </Anchor>
        </Text>
      }
    >
      <Stack maw={760} mx="auto" px="md" py={40} gap="lg">
        <Stack gap={4}>
          <Title order={1} size="h2">
            Create your desk
          </Title>
          <Text c="dimmed">Four short steps: your account, your services, their links, and you are in.</Text>
        </Stack>

        <Paper withBorder shadow="sm" radius="lg" p={{ base: 'md', sm: 'xl' }}>
          <Stepper active={active} size="sm" allowNextStepsSelect={false} wrap>
            <Stepper.Step label={SIGNUP_STEPS[0]}>
              <RegisterStep
                formId="signup-step-0"
                tempUser={tempUser}
                onDone={(session) => {
                  setTempUser(session);
                  goTo(1);
                }}
                onStartOver={() => {
                  clearWizard();
                  setTempUser(null);
                  setServices(NO_SERVICES);
                  goTo(0);
                }}
              />
            </Stepper.Step>
            <Stepper.Step label={SIGNUP_STEPS[1]}>
              <ServicesStep
                formId="signup-step-1"
                initial={services}
                onDone={(chosen) => {
                  setServices(chosen);
                  localStore.set('service', chosen);
                  goTo(2);
                }}
              />
            </Stepper.Step>
            <Stepper.Step label={SIGNUP_STEPS[2]}>
              <LinkAccountsStep services={services} account={tempUser} />
            </Stepper.Step>
            <Stepper.Step label={SIGNUP_STEPS[3]} loading={active === LAST_STEP}>
              <SetupFilesStep />
            </Stepper.Step>
          </Stepper>

          {active < LAST_STEP && (
            <Group justify="space-between" mt="xl">
              <Button variant="default" disabled={active === 0} onClick={() => goTo(active - 1)}>
                Previous Step
              </Button>
              {active === LAST_STEP - 1 ? (
                <Button onClick={() => goTo(LAST_STEP)}>Finish</Button>
              ) : (
                <Button type="submit" form={formId} loading={registering}>
                  Next Step
                </Button>
              )}
            </Group>
          )}
        </Paper>
      </Stack>
    </PublicShell>
  );
}
