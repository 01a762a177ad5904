import { IMAP_AFTER_IMPORT, imapRulesSchema } from '@easio/shared';
import {
  Alert,
  Button,
  Checkbox,
  Group,
  Loader,
  MultiSelect,
  NumberInput,
  Radio,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../../api/error-message';
import { toastSuccess } from '../../lib/toast';
import { fetchImapFolders, type ImapRules as Rules, saveImapRules } from './mail-api';
import { sourceKeys } from './queries';

const AFTER_LABEL: Record<(typeof IMAP_AFTER_IMPORT)[number], string> = {
  nothing: 'Leave the mailbox as it is',
  mark_read: 'Mark imported messages as read',
  move: 'Move imported messages to a folder',
};

/** The rules in a sentence, for the card. */
function summary(rules: Rules): string {
  const parts = [`Folders: ${rules.folders.join(', ')}`];
  if (rules.from_contains) parts.push(`from “${rules.from_contains}”`);
  if (rules.subject_contains) parts.push(`subject “${rules.subject_contains}”`);
  if (rules.body_contains) parts.push(`body “${rules.body_contains}”`);
  parts.push(rules.max_age_days === null ? 'any age' : `the last ${rules.max_age_days} days`);
  parts.push(rules.attachments_only ? 'attachments only' : 'whole messages');
  if (rules.after_import === 'mark_read') parts.push('marked read after import');
  if (rules.after_import === 'move') parts.push(`moved to ${rules.move_to} after import`);
  return parts.join(' · ');
}

/** What is imported from the mailbox, and what Easio does to it afterwards (nothing, unless asked). */
export function ImapRules({ settings }: { settings: Record<string, unknown> }) {
  const current = imapRulesSchema.safeParse(settings).data ?? imapRulesSchema.parse({});
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState<Rules>(current);
  const client = useQueryClient();
  const folders = useQuery({
    queryKey: ['sources', 'imap', 'folders'],
    queryFn: ({ signal }) => fetchImapFolders(signal),
    enabled: editing,
  });
  // Saving starts a sync (messages already read are read again when the rules choose others).
  const save = useMutation({
    mutationFn: saveImapRules,
    onSuccess: () => {
      toastSuccess('Saved: the mailbox syncs with your rules now');
      setEditing(false);
      void client.invalidateQueries({ queryKey: sourceKeys.all });
    },
  });
  const set = <K extends keyof Rules>(key: K, value: Rules[K]) => setDraft((d) => ({ ...d, [key]: value }));

  if (!editing) {
    return (
      <Group gap={4} wrap="nowrap" align="flex-start">
        <Text size="xs">{summary(current)}</Text>
        <Button
          size="compact-xs"
          variant="subtle"
          onClick={() => {
            setDraft(current);
            setEditing(true);
          }}
        >
          Edit rules
        </Button>
      </Group>
    );
  }
  if (folders.isPending) return <Loader size="sm" role="status" aria-label="Loading folders" />;
  if (folders.isError) {
    return (
      <Alert color="red" variant="light" p="xs" title="Could not read your folders">
        {errorMessage(folders.error)}
      </Alert>
    );
  }
  const folderOptions = folders.data.folders.map((f) => ({ value: f.path, label: f.path }));
  return (
    <Stack gap="xs" component="section" aria-label="Import rules">
      <MultiSelect
        label="Folders to import"
        data={folderOptions}
        value={draft.folders}
        onChange={(value) => set('folders', value)}
        searchable
        size="xs"
      />
      <TextInput
        label="From contains"
        value={draft.from_contains}
        onChange={(e) => set('from_contains', e.currentTarget.value)}
        size="xs"
      />
      <TextInput
        label="Subject contains"
        value={draft.subject_contains}
        onChange={(e) => set('subject_contains', e.currentTarget.value)}
        size="xs"
      />
      <TextInput
        label="Body contains"
        value={draft.body_contains}
        onChange={(e) => set('body_contains', e.currentTarget.value)}
        size="xs"
      />
      <Group gap="xs" align="flex-end">
        <Checkbox
          label="Any age"
          checked={draft.max_age_days === null}
          onChange={(e) => set('max_age_days', e.currentTarget.checked ? null : 365)}
          size="xs"
        />
        {draft.max_age_days !== null && (
          <NumberInput
            label="Messages from the last (days)"
            value={draft.max_age_days}
            onChange={(v) => set('max_age_days', Number(v) || 1)}
            min={1}
            max={36500}
            size="xs"
            w={200}
          />
        )}
      </Group>
      <Checkbox
        label="Attachments only (not the messages themselves)"
        checked={draft.attachments_only}
        onChange={(e) => set('attachments_only', e.currentTarget.checked)}
        size="xs"
      />
      <Radio.Group
        label="After import"
        value={draft.after_import}
        onChange={(v) => set('after_import', v as Rules['after_import'])}
        size="xs"
      >
        <Stack gap={4} mt={4}>
          {IMAP_AFTER_IMPORT.map((value) => (
            <Radio key={value} value={value} label={AFTER_LABEL[value]} size="xs" />
          ))}
        </Stack>
      </Radio.Group>
      {draft.after_import === 'move' && (
        <Select
          label="Move them to"
          data={folderOptions.filter((f) => !draft.folders.includes(f.value))}
          value={draft.move_to || null}
          onChange={(v) => set('move_to', v ?? '')}
          size="xs"
        />
      )}
      {save.isError && (
        <Alert color="red" variant="light" p="xs" title="Not saved">
          {errorMessage(save.error)}
        </Alert>
      )}
      <Group gap="xs">
        <Button size="xs" loading={save.isPending} onClick={() => save.mutate(draft)}>
          Save rules
        </Button>
        <Button size="xs" variant="subtle" onClick={() => setEditing(false)} disabled={save.isPending}>
          Cancel
        </Button>
      </Group>
    </Stack>
  );
}
