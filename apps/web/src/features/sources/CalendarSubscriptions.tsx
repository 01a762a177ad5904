import { type CalendarSubscription, calendarUrlSchema } from '@easio/shared';
import { ActionIcon, Button, Checkbox, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { deskKeys } from '../../api/desk-keys';
import { SendError } from '../../components/SendError';
import { formatDate } from '../../lib/object-info';
import { countOf } from '../../lib/plural';
import { toastError, toastSuccess } from '../../lib/toast';
import { checkWith, useFormShell } from '../../lib/use-form-shell';
import { fetchSubscriptions, subscribeCalendar, unsubscribeCalendar } from './calendar-api';
import { sourceKeys } from './queries';

const subscriptionKeys = { all: [...sourceKeys.all, 'calendar-subscriptions'] as const };

function Unsubscribe({ subscription, onClose }: { subscription: CalendarSubscription; onClose: () => void }) {
  const [deleteEvents, setDeleteEvents] = useState(false);
  const client = useQueryClient();
  const unsubscribe = useMutation({
    mutationFn: () => unsubscribeCalendar(subscription.id, deleteEvents),
    onSuccess: ({ deleted_items }) => {
      toastSuccess(
        deleted_items
          ? `Unsubscribed from ${subscription.name}; ${countOf(deleted_items, 'event')} deleted`
          : `Unsubscribed from ${subscription.name}; its events stay on your desk`,
      );
      void client.invalidateQueries({ queryKey: sourceKeys.all });
      void client.invalidateQueries({ queryKey: deskKeys.all });
      onClose();
    },
    onError: (error) => toastError(error),
  });
  return (
    <Modal opened onClose={onClose} title={`Unsubscribe from ${subscription.name}?`} centered>
      <Stack gap="sm">
        <Text size="sm">Easio stops fetching this calendar.</Text>
        <Checkbox
          label={`Also delete its ${countOf(subscription.events, 'event')} from your desk`}
          checked={deleteEvents}
          onChange={(e) => setDeleteEvents(e.currentTarget.checked)}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button color="red" loading={unsubscribe.isPending} onClick={() => unsubscribe.mutate()}>
            Unsubscribe
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** Calendar addresses (https:// or webcal://) Easio fetches again on every sync, and adding one. */
export function CalendarSubscriptions() {
  const [url, setUrl] = useState('');
  const [leaving, setLeaving] = useState<CalendarSubscription | null>(null);
  const client = useQueryClient();
  const list = useQuery({
    queryKey: subscriptionKeys.all,
    queryFn: ({ signal }) => fetchSubscriptions(signal),
  });
  const subscribe = useMutation({
    mutationFn: subscribeCalendar,
    onSuccess: (added) => {
      toastSuccess(`Subscribed to ${added.name}: its events are on their way`);
      setUrl('');
      void client.invalidateQueries({ queryKey: sourceKeys.all });
    },
  });
  const form = useFormShell(
    () => checkWith(calendarUrlSchema, url, 'Enter a calendar address'),
    (checked) => subscribe.mutate(checked),
  );
  const subscriptions = list.data?.subscriptions ?? [];
  return (
    <Stack gap="xs">
      {subscriptions.length > 0 && (
        <Stack
          gap={4}
          component="ul"
          aria-label="Calendar subscriptions"
          style={{ listStyle: 'none', padding: 0, margin: 0 }}
        >
          {subscriptions.map((s) => (
            <Group key={s.id} component="li" gap="xs" wrap="nowrap" justify="space-between">
              <Stack gap={0} style={{ minWidth: 0 }}>
                <Text size="xs" fw={600} truncate>
                  {s.name}
                </Text>
                <Text size="xs" c={s.last_error ? 'red' : 'dimmed'}>
                  {s.last_error
                    ? `Last refresh failed: ${s.last_error}`
                    : s.last_refreshed_at
                      ? `${countOf(s.events, 'event')}${s.capped ? ' (more than one calendar can hold: some left out)' : ''} · refreshed ${formatDate(s.last_refreshed_at, true)}`
                      : 'Waiting for its first refresh'}
                </Text>
              </Stack>
              <ActionIcon
                variant="subtle"
                color="red"
                size="sm"
                aria-label={`Unsubscribe from ${s.name}`}
                onClick={() => setLeaving(s)}
              >
                ×
              </ActionIcon>
            </Group>
          ))}
        </Stack>
      )}
      <Group
        gap="xs"
        align="flex-end"
        wrap="nowrap"
        component="form"
        aria-label="Subscribe to a calendar"
        onSubmit={form.onSubmit}
      >
        <TextInput
          label="Calendar address"
          placeholder="webcal://… or https://….ics"
          value={url}
          onChange={(e) => setUrl(e.currentTarget.value)}
          error={form.problem}
          size="xs"
          style={{ flex: 1 }}
        />
        <Button type="submit" size="xs" loading={subscribe.isPending}>
          Subscribe
        </Button>
      </Group>
      <SendError error={subscribe.error} title="Not subscribed" />
      {leaving && <Unsubscribe subscription={leaving} onClose={() => setLeaving(null)} />}
    </Stack>
  );
}
