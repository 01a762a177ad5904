import { type ResendVerificationPayload, resendVerificationSchema } from '@easio/shared';
import { Alert, Anchor, Button, Loader, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { resendVerification, verifyEmail } from '../../api/account-mail';
import { errorMessage } from '../../api/error-message';
import { usePageTitle } from '../../components/usePageTitle';
import { useSession } from '../../state/session';
import { AuthCard } from './AuthCard';

/** Signed out: a new link for the account of a username or address (the answer is the same for any). */
function ResendForm() {
  const form = useForm<ResendVerificationPayload>({
    initialValues: { login: '' },
    validate: zod4Resolver(resendVerificationSchema, { errorPriority: 'first' }),
  });
  const resend = useMutation({
    mutationFn: (values: ResendVerificationPayload) =>
      resendVerification(resendVerificationSchema.parse(values).login),
  });
  if (resend.isSuccess) {
    return (
      <Alert color="teal" role="status">
        {resend.data.detail}
      </Alert>
    );
  }
  return (
    <form onSubmit={form.onSubmit((values) => resend.mutate(values))} noValidate>
      <Stack gap="md">
        <TextInput label="Username (e-mail)" autoComplete="username" {...form.getInputProps('login')} />
        {resend.isError && (
          <Alert color="red" role="alert">
            {errorMessage(resend.error)}
          </Alert>
        )}
        <Button type="submit" fullWidth loading={resend.isPending}>
          Send the confirmation link again
        </Button>
      </Stack>
    </form>
  );
}

/** /verify-email?token=…: confirms the address the link was sent to; without a token, sends a new link. */
export function VerifyEmailPage() {
  usePageTitle('Confirm your e-mail address');
  const token = useSearchParams()[0].get('token') ?? '';
  const signedIn = useSession() !== null;
  const queryClient = useQueryClient();
  const confirm = useMutation({
    mutationFn: verifyEmail,
    // The profile shows the address as confirmed at once.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['auth', 'me'] }),
  });
  const asked = useRef(false);
  const { mutate } = confirm;
  useEffect(() => {
    // Once: a link is single-use, and a second call would be told it was already used.
    if (!token || asked.current) return;
    asked.current = true;
    mutate(token);
  }, [token, mutate]);

  const next = signedIn ? (
    <Button component={Link} to="/my-desk">
      Go to your desk
    </Button>
  ) : (
    <Button component={Link} to="/login">
      Sign in
    </Button>
  );

  if (!token) {
    return (
      <AuthCard
        title="Confirm your e-mail address"
        intro="Open the link we e-mailed you to confirm your address. No mail? Look in your spam folder, or have a new link sent."
      >
        <ResendForm />
        <Text size="sm" ta="center">
          <Anchor component={Link} to="/login" fw={600}>
            Back to sign in
          </Anchor>
        </Text>
      </AuthCard>
    );
  }
  if (confirm.isSuccess) {
    return (
      <AuthCard title="Address confirmed">
        <Alert color="teal" role="status">
          {confirm.data.detail}
        </Alert>
        {next}
      </AuthCard>
    );
  }
  if (confirm.isError) {
    return (
      <AuthCard title="Confirm your e-mail address">
        <Alert color="red" role="alert">
          {errorMessage(confirm.error)}
        </Alert>
        {signedIn ? (
          <Text size="sm">
            Ask for a new link from your{' '}
            <Anchor component={Link} to="/profile">
              profile
            </Anchor>
            .
          </Text>
        ) : (
          <ResendForm />
        )}
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Confirm your e-mail address">
      <Stack align="center" role="status" aria-label="Confirming your address">
        <Loader />
      </Stack>
    </AuthCard>
  );
}
