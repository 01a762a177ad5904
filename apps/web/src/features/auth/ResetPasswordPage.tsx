import { type ResetPasswordForm, resetPasswordFormSchema } from '@easio/shared';
import { Alert, Anchor, Button, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { resetPassword } from '../../api/account-mail';
import { errorMessage } from '../../api/error-message';
import { NewPasswordInput } from '../../components/NewPasswordInput';
import { SecretInput } from '../../components/SecretInput';
import { usePageTitle } from '../../components/usePageTitle';
import { toastSuccess } from '../../lib/toast';
import { clearSession } from '../../state/session';
import { AuthCard } from './AuthCard';

const askAgain = (
  <Text size="sm" ta="center">
    <Anchor component={Link} to="/forgot-password" fw={600}>
      Ask for a new link
    </Anchor>
  </Text>
);

/** /reset-password?token=…: the new password, from the link of a reset mail. */
export function ResetPasswordPage() {
  usePageTitle('Choose a new password');
  const token = useSearchParams()[0].get('token') ?? '';
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const form = useForm<ResetPasswordForm>({
    initialValues: { password: '', confirm_password: '' },
    validate: zod4Resolver(resetPasswordFormSchema, { errorPriority: 'first' }),
  });
  const save = useMutation({
    mutationFn: (values: ResetPasswordForm) =>
      resetPassword(token, resetPasswordFormSchema.parse(values).password),
    onSuccess: (answer) => {
      // Every sign-in of the account has ended, this browser's too.
      clearSession();
      queryClient.clear();
      toastSuccess(answer.detail, 5000);
      navigate('/login', { replace: true });
    },
  });

  if (!token) {
    return (
      <AuthCard title="Choose a new password">
        <Alert color="red">This link is incomplete. Open it again from the mail, or ask for a new one.</Alert>
        {askAgain}
      </AuthCard>
    );
  }
  return (
    <AuthCard
      title="Choose a new password"
      intro="Every device signed in to your account will be signed out."
    >
      <form onSubmit={form.onSubmit((values) => save.mutate(values))} noValidate>
        <Stack gap="md">
          <NewPasswordInput label="New password" {...form.getInputProps('password')} />
          <SecretInput
            label="Confirm new password"
            autoComplete="new-password"
            {...form.getInputProps('confirm_password')}
          />
          {save.isError && (
            <Alert color="red" role="alert">
              {errorMessage(save.error)}
            </Alert>
          )}
          <Button type="submit" fullWidth loading={save.isPending}>
            Save the new password
          </Button>
        </Stack>
      </form>
      {askAgain}
    </AuthCard>
  );
}
