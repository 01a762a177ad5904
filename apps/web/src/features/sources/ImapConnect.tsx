import { IMAP_PRESETS, type ImapAccount, imapAccountSchema } from '@easio/shared';
import { Alert, Button, Group, NumberInput, PasswordInput, Select, Stack, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../../api/error-message';
import { toastSuccess } from '../../lib/toast';
import { connectImap } from './mail-api';
import { sourceKeys } from './queries';

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
  if (/^(proton\.me|protonmail\.com)$/.test(domain)) return 'proton';
  return null;
}

/**
 * Connect a mailbox over IMAP: a provider preset fills the server, the user adds the address and an app
 * password; the server signs in before anything is saved and says why when it cannot.
 */
export function ImapConnect({ onCancel }: { onCancel: () => void }) {
  const [preset, setPreset] = useState<string | null>(null);
  const [form, setForm] = useState({ host: '', port: 993, security: 'tls', user: '', password: '' });
  const [problems, setProblems] = useState<Record<string, string>>({});
  const client = useQueryClient();
  const connect = useMutation({
    mutationFn: (account: ImapAccount) => connectImap(account),
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
  const submit = () => {
    const parsed = imapAccountSchema.safeParse(form);
    if (!parsed.success) {
      setProblems(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    setProblems({});
    connect.mutate(parsed.data);
  };

  return (
    <Stack
      gap="xs"
      component="form"
      aria-label="Connect a mailbox"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
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
      {connect.isError && (
        <Alert color="red" variant="light" p="xs" title="Not connected">
          {errorMessage(connect.error)}
        </Alert>
      )}
      <Group gap="xs">
        <Button type="submit" size="xs" loading={connect.isPending}>
          Connect mailbox
        </Button>
        <Button size="xs" variant="subtle" onClick={onCancel} disabled={connect.isPending}>
          Cancel
        </Button>
      </Group>
    </Stack>
  );
}
