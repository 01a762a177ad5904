import { type ForgotPasswordPayload, forgotPasswordSchema } from '@easio/shared';
import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { Link } from 'react-router';
import { requestPasswordReset } from '../../api/account-mail';
import { errorMessage } from '../../api/error-message';
import { usePublicConfig } from '../../api/queries';
import { SectionLoader } from '../../components/Loading';
import { usePageTitle } from '../../components/usePageTitle';
import { AuthCard } from './AuthCard';

const backToSignIn = (
  <Text size="sm" ta="center">
    <Anchor component={Link} to="/login" fw={600}>
      Back to sign in
    </Anchor>
  </Text>
);

/** /forgot-password: asks for the account's address and mails it a link to choose a new password. */
export function ForgotPasswordPage() {
  usePageTitle('Forgot password');
  const config = usePublicConfig();
  const form = useForm<ForgotPasswordPayload>({
    initialValues: { email: '' },
    validate: zod4Resolver(forgotPasswordSchema, { errorPriority: 'first' }),
  });
  const send = useMutation({
    mutationFn: (values: ForgotPasswordPayload) =>
      requestPasswordReset(forgotPasswordSchema.parse(values).email),
  });

  if (config.isPending) {
    return (
      <AuthCard title="Forgot your password?">
        <SectionLoader />
      </AuthCard>
    );
  }
  if (config.data && !config.data.mail.configured) {
    return (
      <AuthCard title="Forgot your password?">
        <Alert color="gray" title="This server sends no e-mail">
          It cannot mail you a link to choose a new password. Ask the person who runs this Easio server (its
          operator) to reset your password for you.
        </Alert>
        {backToSignIn}
      </AuthCard>
    );
  }
  if (send.isSuccess) {
    return (
      <AuthCard title="Check your mail">
        <Alert color="teal" role="status">
          {send.data.detail}
        </Alert>
        <Text size="sm" c="dimmed">
          No mail after a few minutes? Look in your spam folder, check the address and ask again.
        </Text>
        {backToSignIn}
      </AuthCard>
    );
  }
  return (
    <AuthCard
      title="Forgot your password?"
      intro="Give the e-mail address of your account, and we'll send you a link to choose a new password."
    >
      <form onSubmit={form.onSubmit((values) => send.mutate(values))} noValidate>
        <Stack gap="md">
          <TextInput
            label="E-mail address"
            type="email"
            autoComplete="email"
            {...form.getInputProps('email')}
          />
          {send.isError && (
            <Alert color="red" role="alert">
              {errorMessage(send.error)}
            </Alert>
          )}
          <Button type="submit" fullWidth loading={send.isPending}>
            Send me a link
          </Button>
        </Stack>
      </form>
      {backToSignIn}
    </AuthCard>
  );
}
