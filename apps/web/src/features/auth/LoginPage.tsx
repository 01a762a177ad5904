import { type LoginForm, loginFormSchema, type SessionUser, TOAST_MS } from '@easio/shared';
import { Anchor, Button, Divider, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useCallback, useEffect } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { requestSession } from '../../api/auth';
import { PublicShell } from '../../components/PublicShell';
import { SecretInput } from '../../components/SecretInput';
import { usePageTitle } from '../../components/usePageTitle';
import { UI } from '../../lib/glossary';
import { HOME_PATH, safeNextPath } from '../../lib/next-path';
import { useErrorParamToast } from '../../lib/use-error-param-toast';
import { preloadDesk } from '../../routes/app-chunks';
import { setSession } from '../../state/session';
import { AccountHelpLinks } from './AccountHelpLinks';
import classes from './auth.module.css';
import { LoginFailureAlert, useLoginFailure } from './LoginFailureAlert';
import { GoogleSignInLink } from './ProviderLinks';
import { useGoogleSignInReturn } from './useGoogleSignInReturn';

/** Helper texts first, then the field's problem, below the box. */
const HELPER_BELOW = ['label', 'input', 'description', 'error'] as const;

/** The login screen (spec sections 2 and 5). */
export function LoginPage() {
  usePageTitle('Sign in');
  useErrorParamToast(TOAST_MS.login);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  // The page a signed-out visit asked for (the guard put it in ?next=), else the desk.
  const next = safeNextPath(params.get('next')) ?? HOME_PATH;
  const failure = useLoginFailure();
  const failed = failure.current?.kind === 'credentials';
  // The desk's code comes while the person types, so signing in waits only for their data.
  useEffect(preloadDesk, []);
  useGoogleSignInReturn(
    useCallback(
      (session: SessionUser) => {
        setSession(session);
        navigate(next, { replace: true });
      },
      [navigate, next],
    ),
  );

  const form = useForm<LoginForm>({
    initialValues: { username: '', password: '' },
    validate: zod4Resolver(loginFormSchema, { errorPriority: 'first' }),
    onValuesChange: failure.edited,
  });

  const login = useMutation({
    mutationFn: (values: LoginForm) => {
      // On submit the username is trimmed and lower-cased, the password trimmed.
      const { username, password } = loginFormSchema.parse(values);
      return requestSession(username, password);
    },
    onSuccess: (session) => {
      setSession(session);
      navigate(next, { replace: true });
    },
    onError: failure.failed,
  });

  const usernameError = form.errors.username;
  const passwordError = form.errors.password;

  return (
    <PublicShell>
      <div className={classes.page}>
        <Paper withBorder shadow="sm" radius="lg" p={{ base: 'lg', sm: 'xl' }} className={classes.card}>
          <Stack gap="lg">
            <Stack gap={4}>
              <Title order={1} size="h2">
                Sign in
              </Title>
              <Text c="dimmed" size="sm">
                Welcome back to your desk.
              </Text>
            </Stack>

            <form onSubmit={form.onSubmit((values) => login.mutate(values))} noValidate>
              <Stack gap="md">
                <LoginFailureAlert failure={failure} />
                <TextInput
                  label="Username (e-mail)"
                  autoComplete="username"
                  inputWrapperOrder={[...HELPER_BELOW]}
                  description={usernameError ? undefined : 'Enter username'}
                  {...form.getInputProps('username')}
                  error={usernameError ?? (failed || undefined)}
                  aria-invalid={Boolean(usernameError) || failed}
                />
                <SecretInput
                  ref={failure.passwordRef}
                  label="Password"
                  autoComplete="current-password"
                  inputWrapperOrder={[...HELPER_BELOW]}
                  description={passwordError ? undefined : 'Enter password'}
                  {...form.getInputProps('password')}
                  error={passwordError ?? (failed || undefined)}
                  aria-invalid={Boolean(passwordError) || failed}
                />
                <Button type="submit" fullWidth loading={login.isPending} disabled={failure.waiting}>
                  Sign in
                </Button>
              </Stack>
            </form>
            <AccountHelpLinks />

            <Divider label="or" labelPosition="center" />
            <GoogleSignInLink redirectPath="login" label={UI.signInWithGoogle} />

            <Text size="sm" ta="center">
              New to Easio?{' '}
              <Anchor component={Link} to="/signup" fw={600}>
                Create an account
              </Anchor>
            </Text>
          </Stack>
        </Paper>
      </div>
    </PublicShell>
  );
}
