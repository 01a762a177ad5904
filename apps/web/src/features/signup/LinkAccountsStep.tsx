import { extensionStoreUrl, type PublicConfig, type Services, type SessionUser } from '@easio/shared';
import { Anchor, Badge, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { fetchMe } from '../../api/auth';
import { usePublicConfig } from '../../api/queries';
import { UI } from '../../lib/glossary';
import { useServiceConnect } from '../sources/service-connect';
import { WhatsappNumberBox } from '../sources/WhatsappNumberBox';

export const NOT_CONFIGURED = {
  extension:
    'The Easio browser extension is not in a browser store for this server: you can download it and load it by hand from My Sources once your desk is ready',
  google: 'Google is not configured on this server',
  dropbox: 'Dropbox is not configured on this server',
  whatsapp: 'WhatsApp is not configured on this server',
} as const;

function Unavailable({ children }: { children: ReactNode }) {
  return (
    <Text size="sm" c="dimmed">
      {children}
    </Text>
  );
}

interface Row {
  key: keyof Services;
  title: string;
  body: (config: PublicConfig, account: SessionUser | null) => ReactNode;
}

const ROWS: Row[] = [
  {
    key: 'extension_service',
    title: 'Extension',
    body: (config) => {
      // Firefox users get addons.mozilla.org when the server names it, else the one store page.
      const store = extensionStoreUrl(config.extension, navigator.userAgent);
      return store ? (
        <Anchor href={store} target="_blank" rel="noopener">
          Get the Easio browser extension
        </Anchor>
      ) : (
        <Unavailable>{NOT_CONFIGURED.extension}</Unavailable>
      );
    },
  },
  {
    key: 'google_service',
    title: 'Google Drive',
    body: (config, account) =>
      config.google.configured ? (
        <SignupConnect
          account={account}
          service="gdrive"
          label="Connect Google Drive"
          importing="Your drive is being imported onto your desk."
        />
      ) : (
        <Unavailable>{NOT_CONFIGURED.google}</Unavailable>
      ),
  },
  {
    key: 'whatsapp_service',
    title: 'WhatsApp',
    body: (config, account) => <SignupWhatsapp account={account} configured={config.whatsapp.configured} />,
  },
  {
    key: 'dropbox_service',
    title: UI.dropbox,
    body: (config, account) =>
      config.dropbox.configured ? (
        <SignupConnect
          account={account}
          service="dropbox"
          label={`Connect ${UI.dropbox}`}
          importing="Your Dropbox is being imported onto your desk."
        />
      ) : (
        <Unavailable>{NOT_CONFIGURED.dropbox}</Unavailable>
      ),
  },
];

/** The account being made, as the server has it (its token is the wizard's temporary session). */
function useSignupMe(token: string | null) {
  return useQuery({
    queryKey: ['signup', 'me', token],
    queryFn: ({ signal }) => fetchMe(signal, { token: token as string }),
    enabled: token !== null,
  });
}

/**
 * Connect a service from the wizard: its consent page, then back to this step (kept in local storage),
 * where it reads "Connected" once the account has it.
 */
function SignupConnect({
  account,
  service,
  label,
  importing,
}: {
  account: SessionUser | null;
  service: 'gdrive' | 'dropbox';
  label: string;
  importing: string;
}) {
  const token = account?.access_token ?? null;
  const auth = token ? { token } : 'none';
  const info = useSignupMe(token);
  const connect = useServiceConnect(service, 'signup', auth);
  const connected = service === 'gdrive' ? info.data?.gdrive_active : info.data?.dropbox_active;
  if (connected) {
    return (
      <Group gap="xs">
        <Badge color="teal.9" tt="none">
          Connected
        </Badge>
        <Text size="sm">{importing}</Text>
      </Group>
    );
  }
  return (
    <Button
      variant="light"
      w="fit-content"
      loading={connect.isPending}
      disabled={!token}
      onClick={() => connect.mutate()}
    >
      {label}
    </Button>
  );
}

/** The WhatsApp number box for the account being made (its country as chosen in step 1). */
function SignupWhatsapp({ account, configured }: { account: SessionUser | null; configured: boolean }) {
  const token = account?.access_token ?? null;
  const info = useSignupMe(token);
  if (token && info.isPending) return <Loader size="sm" role="status" aria-label="Loading" />;
  return (
    <Stack gap="xs">
      <WhatsappNumberBox
        userId={account?.user_id}
        auth={token ? { token } : 'none'}
        region={info.data?.region}
        saved={info.data}
      />
      {!configured && (
        <Unavailable>{NOT_CONFIGURED.whatsapp}: your number is kept for when it is.</Unavailable>
      )}
    </Stack>
  );
}

/** Step 3, Link Accounts: for each service ticked, its connect link, or why it cannot be linked here. */
export function LinkAccountsStep({ services, account }: { services: Services; account: SessionUser | null }) {
  const config = usePublicConfig();
  const chosen = ROWS.filter((row) => services[row.key]);

  if (config.isPending) {
    return (
      <Group justify="center" py="xl">
        <Loader role="status" aria-label="Loading" />
      </Group>
    );
  }
  if (config.isError) {
    return (
      <Stack align="flex-start">
        <Text>Could not find out which services this server can link.</Text>
        <Button variant="light" onClick={() => config.refetch()}>
          Try again
        </Button>
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        Link the services you chose. You can skip any of them and link it later from My Sources.
      </Text>
      {chosen.map((row) => (
        <Paper key={row.key} withBorder radius="md" p="md">
          <Stack gap="xs">
            <Title order={3} size="h5">
              {row.title}
            </Title>
            {row.body(config.data, account)}
          </Stack>
        </Paper>
      ))}
      <Text size="sm" c="dimmed">
        Press Finish to set up your desk.
      </Text>
    </Stack>
  );
}
