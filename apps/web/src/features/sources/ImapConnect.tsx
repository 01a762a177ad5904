import {
  IMAP_PRESETS,
  type ImapAccount,
  type ImapRules,
  imapAccountSchema,
  imapRulesSchema,
} from '@easio/shared';
import {
  Checkbox,
  Group,
  NumberInput,
  PasswordInput,
  Select,
  Stack,
  TagsInput,
  TextInput,
} from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { SendError } from '../../components/SendError';
import { toastSuccess } from '../../lib/toast';
import { useFormShell } from '../../lib/use-form-shell';
import { connectImap } from './mail-api';
import { sourceKeys } from './queries';
import { SubmitOrCancel } from './SubmitOrCancel';

const SECURITY = [
  { value: 'tls', label: 'TLS (usually port 993)' },
  { value: 'starttls', label: 'STARTTLS (usually port 143)' },
];

/** Guesses the provider from the address typed, so most people only add an app password. */
function presetFor(email: string) {
  const domain = email.split('@')[1]?.toLowerCase() ?? '';
  if (/^(gmail|googlemail)\.com$/.test(domain)) return 'gmail';
  if (/^(outlook|hotmail|live|msn)\./.test(domain)) return 'outlook';
  if (/^(yahoo|ymail)\./.test(domain)) return 'yahoo';
  if (/^(icloud|me|mac)\.com$/.test(domain)) return 'icloud';
  if (/^(fastmail)\./.test(domain)) return 'fastmail';
  if (/^(zoho)\./.test(domain)) return 'zoho';
  if (/^(gmx)\./.test(domain)) return 'gmx';
  return null;
}

/** What the first sync reads: the folders and how far back (the other rules are set once connected). */
type FirstRules = Pick<ImapRules, 'folders' | 'max_age_days'>;

/**
 * Connect a mailbox over IMAP: a provider preset fills the server, the user adds the address and an app
 * password, and which folders and how far back the first import reads; the server signs in before
 * anything is saved and says why when it cannot.
 */
export function ImapConnect({ onCancel }: { onCancel: () => void }) {
  const [preset, setPreset] = useState<string | null>(null);
  const [form, setForm] = useState({ host: '', port: 993, security: 'tls', user: '', password: '' });
  const [rules, setRules] = useState<FirstRules>({ folders: ['INBOX'], max_age_days: 365 });
  const client = useQueryClient();
  const connect = useMutation({
    mutationFn: ({ account, first }: { account: ImapAccount; first: FirstRules }) =>
      connectImap(account, first),
    onSuccess: ({ connection }) => {
      toastSuccess(`Connected ${connection.account_email ?? 'your mailbox'}: the import has started`);
      void client.invalidateQueries({ queryKey: sourceKeys.all });
    },
  });

  const choosePreset = (id: string | null) => {
    setPreset(id);
    const chosen = IMAP_PRESETS.find((p) => p.id === id);
    if (chosen) setForm((f) => ({ ...f, host: chosen.host, port: chosen.port, security: chosen.security }));
  };
  const setUser = (user: string) => {
    setForm((f) => ({ ...f, user }));
    const guessed = presetFor(user);
    if (guessed && !form.host) choosePreset(guessed);
  };
  const shell = useFormShell(
    () => {
      const parsed = imapAccountSchema.safeParse(form);
      const first = imapRulesSchema.safeParse(rules);
      const issues = [...(parsed.error?.issues ?? []), ...(first.error?.issues ?? [])];
      if (!parsed.success || !first.success) {
        const problems: Record<string, string> = Object.fromEntries(
          issues.map((i) => [String(i.path[0]), i.message]),
        );
        return { ok: false, problem: problems };
      }
      return { ok: true, value: parsed.data };
    },
    (account) =>
      connect.mutate({ account, first: { folders: rules.folders, max_age_days: rules.max_age_days } }),
  );
  /** Each field's problem from the last submit, by the field's name. */
  const problems = shell.problem ?? {};

  return (
    <Stack gap="xs" component="form" aria-label="Connect a mailbox" onSubmit={shell.onSubmit}>
      <Select
        label="Provider"
        placeholder="Another provider"
        data={IMAP_PRESETS.map((p) => ({ value: p.id, label: p.label }))}
        value={preset}
        onChange={choosePreset}
        clearable
        size="xs"
      />
      <TextInput
        label="E-mail address or user name"
        value={form.user}
        onChange={(e) => setUser(e.currentTarget.value)}
        error={problems.user}
        autoComplete="username"
        size="xs"
        required
      />
      <PasswordInput
        label="Password"
        description="Most providers want an app password here: make one in your mail account's security settings."
        value={form.password}
        onChange={(e) => {
          const password = e.currentTarget.value;
          setForm((f) => ({ ...f, password }));
        }}
        error={problems.password}
        autoComplete="current-password"
        size="xs"
        required
      />
      <Group grow align="flex-start" gap="xs">
        <TextInput
          label="Server"
          placeholder="imap.example.com"
          value={form.host}
          onChange={(e) => {
            const host = e.currentTarget.value;
            setForm((f) => ({ ...f, host }));
          }}
          error={problems.host}
          size="xs"
          required
        />
        <NumberInput
          label="Port"
          value={form.port}
          onChange={(port) => setForm((f) => ({ ...f, port: Number(port) || 0 }))}
          error={problems.port}
          min={1}
          max={65535}
          hideControls
          size="xs"
          required
        />
      </Group>
      <Select
        label="Security"
        data={SECURITY}
        value={form.security}
        onChange={(security) => setForm((f) => ({ ...f, security: security ?? 'tls' }))}
        allowDeselect={false}
        size="xs"
      />
      <TagsInput
        label="Folders to import"
        description="Type a folder's name and press Enter (INBOX is the inbox). Once connected, you pick them from the mailbox."
        value={rules.folders}
        onChange={(folders) => setRules((r) => ({ ...r, folders }))}
        error={problems.folders}
        size="xs"
      />
      <Group gap="xs" align="flex-end">
        <Checkbox
          label="Any age"
          checked={rules.max_age_days === null}
          onChange={(e) => {
            const any = e.currentTarget.checked;
            setRules((r) => ({ ...r, max_age_days: any ? null : 365 }));
          }}
          size="xs"
        />
        {rules.max_age_days !== null && (
          <NumberInput
            label="Messages from the last (days)"
            value={rules.max_age_days}
            onChange={(v) => setRules((r) => ({ ...r, max_age_days: Number(v) || 1 }))}
            error={problems.max_age_days}
            min={1}
            max={36500}
            size="xs"
            w={200}
          />
        )}
      </Group>
      <SendError error={connect.error} title="Not connected" />
      <SubmitOrCancel label="Connect mailbox" pending={connect.isPending} onCancel={onCancel} />
    </Stack>
  );
}
