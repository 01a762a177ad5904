import { imapPasswordSchema } from '@easio/shared';
import { PasswordInput, Stack } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { SendError } from '../../components/SendError';
import { toastSuccess } from '../../lib/toast';
import { checkWith, useFormShell } from '../../lib/use-form-shell';
import { updateImapPassword } from './mail-api';
import { sourceKeys } from './queries';
import { SubmitOrCancel } from './SubmitOrCancel';

/**
 * The connected mailbox's new password (an app password renewed, the account's changed): the server
 * signs in with it before keeping it; the rules and where the import was are kept.
 */
export function ImapPassword({ onDone }: { onDone: () => void }) {
  const [password, setPassword] = useState('');
  const client = useQueryClient();
  const update = useMutation({
    mutationFn: updateImapPassword,
    onSuccess: () => {
      toastSuccess('Password updated: the mailbox syncs again');
      void client.invalidateQueries({ queryKey: sourceKeys.all });
      onDone();
    },
  });
  const form = useFormShell(
    () => checkWith(imapPasswordSchema, { password }, 'Enter the new password'),
    (checked) => update.mutate(checked.password),
  );
  return (
    <Stack gap="xs" component="form" aria-label="Update the mailbox password" onSubmit={form.onSubmit}>
      <PasswordInput
        label="New password"
        description="The app password (or password) the mail server now takes: Easio signs in with it before keeping it."
        value={password}
        onChange={(e) => setPassword(e.currentTarget.value)}
        error={form.problem}
        autoComplete="new-password"
        size="xs"
        required
      />
      <SendError error={update.error} title="Not updated" />
      <SubmitOrCancel label="Update password" pending={update.isPending} onCancel={onDone} />
    </Stack>
  );
}
