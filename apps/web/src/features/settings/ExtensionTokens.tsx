import {
  API_TOKEN_SCOPE_LABEL,
  API_TOKEN_SCOPES,
  type ApiToken,
  type ApiTokenScope,
  createApiTokenSchema,
} from '@easio/shared';
import {
  Alert,
  Button,
  Checkbox,
  CopyButton,
  Group,
  Modal,
  Stack,
  Table,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { createToken, revokeToken, tokenKeys, useApiTokens } from '../../api/api-tokens';
import { SendError } from '../../components/SendError';
import { formatDate } from '../../lib/object-info';
import { toastError, toastSuccess } from '../../lib/toast';
import { checkWith, useFormShell } from '../../lib/use-form-shell';

function NewToken() {
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ApiTokenScope[]>([...API_TOKEN_SCOPES]);
  const [made, setMade] = useState<string | null>(null);
  const client = useQueryClient();
  const create = useMutation({
    mutationFn: createToken,
    onSuccess: (token) => {
      setMade(token.token);
      setName('');
      void client.invalidateQueries({ queryKey: tokenKeys.all });
    },
  });
  const form = useFormShell(
    () => checkWith(createApiTokenSchema, { name, scopes }, 'Check the form'),
    (checked) => create.mutate(checked),
  );
  return (
    <Stack gap="xs">
      <Stack gap="xs" component="form" aria-label="New extension token" onSubmit={form.onSubmit}>
        <TextInput
          label="Token name"
          placeholder="e.g. Firefox on my laptop"
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          error={form.problem}
          size="xs"
          maw={360}
        />
        <Checkbox.Group label="It may" value={scopes} onChange={(v) => setScopes(v as ApiTokenScope[])}>
          <Stack gap={4} mt={4}>
            {API_TOKEN_SCOPES.map((scope) => (
              <Checkbox key={scope} value={scope} label={API_TOKEN_SCOPE_LABEL[scope]} size="xs" />
            ))}
          </Stack>
        </Checkbox.Group>
        <SendError error={create.error} />
        <Button type="submit" size="xs" w="fit-content" loading={create.isPending}>
          Make a token
        </Button>
      </Stack>
      {made && (
        <Alert color="teal" variant="light" title="Your new token" role="status">
          <Stack gap={6}>
            <Text size="xs">Paste it into the extension’s sign-in now: it is not shown again.</Text>
            <Group gap="xs" wrap="nowrap">
              <Text size="xs" ff="monospace" style={{ overflowWrap: 'anywhere' }} aria-label="The new token">
                {made}
              </Text>
              <CopyButton value={made}>
                {({ copied, copy }) => (
                  <Button size="compact-xs" variant="light" onClick={copy}>
                    {copied ? 'Copied' : 'Copy'}
                  </Button>
                )}
              </CopyButton>
            </Group>
            <Button size="compact-xs" variant="subtle" w="fit-content" onClick={() => setMade(null)}>
              Done
            </Button>
          </Stack>
        </Alert>
      )}
    </Stack>
  );
}

/** The API tokens the browser extension signs in with: made here, listed with their last use, revoked. */
export function ExtensionTokens() {
  const client = useQueryClient();
  const tokens = useApiTokens();
  /** The token whose revoking waits for the user's confirmation. */
  const [confirming, setConfirming] = useState<ApiToken | null>(null);
  const revoke = useMutation({
    mutationFn: (token: ApiToken) => revokeToken(token.id),
    onSuccess: (_, token) => {
      toastSuccess(`${token.name} revoked: the extension using it is signed out`);
      void client.invalidateQueries({ queryKey: tokenKeys.all });
    },
    onError: (error) => toastError(error),
    onSettled: () => setConfirming(null),
  });
  const rows = tokens.data?.tokens ?? [];
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        The Easio browser extension signs in with a token made here. Each token says what it may do, shows
        when it was last used, and stops working the moment you revoke it.
      </Text>
      {rows.length > 0 ? (
        <Table withTableBorder aria-label="Extension tokens">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>May</Table.Th>
              <Table.Th>Made</Table.Th>
              <Table.Th>Last used</Table.Th>
              <Table.Th>
                <VisuallyHidden>Actions</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((token) => (
              <Table.Tr key={token.id}>
                <Table.Td>
                  <Text size="sm">{token.name}</Text>
                  <Text size="xs" c="dimmed" ff="monospace">
                    {token.prefix}…
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="xs">
                    {token.scopes.map((s) => (s === 'save' ? 'save' : 'list folders')).join(', ')}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="xs">{formatDate(token.created_at, true)}</Text>
                </Table.Td>
                <Table.Td>
                  <Text size="xs">{token.last_used_at ? formatDate(token.last_used_at, true) : 'Never'}</Text>
                </Table.Td>
                <Table.Td>
                  <Button size="compact-xs" variant="subtle" color="red" onClick={() => setConfirming(token)}>
                    Revoke {token.name}
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      ) : (
        <Text size="sm">
          {tokens.isPending ? 'Loading…' : tokens.isError ? 'Could not load your tokens.' : 'No tokens yet.'}
        </Text>
      )}
      <NewToken />
      <Modal
        opened={confirming !== null}
        onClose={() => setConfirming(null)}
        title={`Revoke ${confirming?.name ?? 'this token'}?`}
        centered
      >
        <Stack gap="md">
          <Text size="sm">
            The extension signed in with it stops working at once and asks to be signed in again. What it
            saved stays on your desk; saves it keeps while offline are sent once it signs in with a new token.
          </Text>
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={() => setConfirming(null)} disabled={revoke.isPending}>
              Cancel
            </Button>
            <Button
              color="red"
              loading={revoke.isPending}
              onClick={() => {
                if (confirming) revoke.mutate(confirming);
              }}
            >
              Revoke
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
