import { gmailSettingsSchema } from '@easio/shared';
import { Button, Group, Loader, MultiSelect, Stack, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toastError, toastSuccess } from '../../lib/toast';
import { fetchGmailLabels, saveGmailSettings, syncSource } from './api';
import { sourceKeys } from './queries';

/** Which Gmail labels are imported: everything but spam and trash, or the labels the user picks. */
export function GmailLabels({ settings }: { settings: Record<string, unknown> }) {
  const current = gmailSettingsSchema.safeParse(settings).data?.labels ?? null;
  const [editing, setEditing] = useState(false);
  const [chosen, setChosen] = useState<string[]>(current ?? []);
  const client = useQueryClient();
  const labels = useQuery({
    queryKey: ['sources', 'gmail', 'labels'],
    queryFn: ({ signal }) => fetchGmailLabels(signal),
    enabled: editing || current !== null,
  });
  const save = useMutation({
    mutationFn: async (next: string[] | null) => {
      await saveGmailSettings({ labels: next });
      await syncSource('gmail');
    },
    onSuccess: () => {
      toastSuccess('Saved: Gmail syncs with your choice now');
      setEditing(false);
      void client.invalidateQueries({ queryKey: sourceKeys.all });
    },
    onError: (error) => toastError(error),
  });
  const nameOf = (id: string) => labels.data?.labels.find((l) => l.id === id)?.name ?? id;

  if (!editing) {
    return (
      <Group gap={4}>
        <Text size="xs">
          Labels: {current ? current.map(nameOf).join(', ') : 'everything but spam and trash'}
        </Text>
        <Button size="compact-xs" variant="subtle" onClick={() => setEditing(true)}>
          Choose labels
        </Button>
      </Group>
    );
  }
  if (labels.isPending) return <Loader size="sm" role="status" aria-label="Loading labels" />;
  if (labels.isError) return <Text size="xs">Could not read your Gmail labels.</Text>;
  return (
    <Stack gap="xs">
      <MultiSelect
        label="Labels to import"
        description="A message with any of these labels is imported."
        data={labels.data.labels.map((l) => ({ value: l.id, label: l.name }))}
        value={chosen}
        onChange={setChosen}
        searchable
        size="xs"
      />
      <Group gap="xs">
        <Button
          size="xs"
          loading={save.isPending}
          disabled={chosen.length === 0}
          onClick={() => save.mutate(chosen)}
        >
          Save
        </Button>
        <Button size="xs" variant="default" disabled={save.isPending} onClick={() => save.mutate(null)}>
          Everything but spam and trash
        </Button>
        <Button size="xs" variant="subtle" onClick={() => setEditing(false)}>
          Cancel
        </Button>
      </Group>
    </Stack>
  );
}
