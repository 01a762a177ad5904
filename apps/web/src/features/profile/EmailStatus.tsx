import type { UserInfo } from '@easio/shared';
import { Badge, Button, Group } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { sendVerification } from '../../api/account-mail';
import { usePublicConfig } from '../../api/queries';
import { toastError, toastSuccess } from '../../lib/toast';

/** Whether the user's address is confirmed, and a new link when it is not (on a server that sends mail). */
export function EmailStatus({ info }: { info: UserInfo }) {
  const mail = usePublicConfig().data?.mail;
  const send = useMutation({
    mutationFn: sendVerification,
    onSuccess: (answer) => toastSuccess(answer.detail, 5000),
    onError: (error) => toastError(error, 5000),
  });
  if (info.email_verified) {
    return (
      <Badge variant="light" color="teal" w="fit-content">
        Verified
      </Badge>
    );
  }
  if (!mail?.configured) return null;
  return (
    <Group gap="xs">
      <Badge variant="light" color="gray" w="fit-content">
        Unverified
      </Badge>
      <Button variant="subtle" size="compact-xs" loading={send.isPending} onClick={() => send.mutate()}>
        Send again
      </Button>
    </Group>
  );
}
