import { Stack, Switch, Text, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { errorMessage } from '../../api/error-message';
import { toastError } from '../../lib/toast';
import { useSession } from '../../state/session';
import { notificationKeys, saveNotificationPrefs, useNotificationPrefs } from './notification-prefs';

/** /profile/notification: which notifications to get, saved with the account. */
export function NotificationsPage() {
  const prefs = useNotificationPrefs();
  const userId = useSession()?.user_id ?? '';
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: saveNotificationPrefs,
    onSuccess: (saved) => queryClient.setQueryData(notificationKeys.prefs(userId), saved),
    onError: (error) => toastError(errorMessage(error)),
  });
  const current = save.isPending ? save.variables : prefs.data;
  return (
    <Stack gap="md">
      <Title order={2} size="h4">
        Notifications
      </Title>
      <Switch
        label="Tell me when new filing suggestions are ready"
        description="A note at the top of the page, wherever you are in Easio, whatever made them: your uploads, another device, an import."
        checked={current?.new_suggestions ?? true}
        disabled={prefs.isPlaceholderData || save.isPending}
        onChange={(event) => save.mutate({ new_suggestions: event.currentTarget.checked })}
      />
      <Text size="sm" c="dimmed">
        Notifications about imports arrive with each source.
      </Text>
    </Stack>
  );
}
