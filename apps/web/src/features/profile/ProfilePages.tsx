import { findCountry, type UserInfo } from '@easio/shared';
import { Anchor, Avatar, Badge, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link, Outlet, useLocation } from 'react-router';
import { useMe } from '../../api/queries';
import { PageHeader } from '../../components/Page';
import { PillNav } from '../../components/PillNav';
import { displayName } from '../../components/welcome-name';
import { EmailStatus } from './EmailStatus';
import { PictureButtons } from './PictureButtons';

const TABS = [
  { label: 'Overview', to: '/profile' },
  { label: 'Notifications', to: '/profile/notification' },
  { label: 'User management', to: '/profile/userManagement' },
  { label: 'Accounts', to: '/profile/accounts' },
  { label: 'Help', to: '/profile/help' },
];

function fullName(info: UserInfo) {
  return [info.first_name, info.last_name].filter((part) => part.trim() !== '').join(' ');
}

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text style={{ overflowWrap: 'anywhere' }}>{children}</Text>
    </Stack>
  );
}

function ProfileSummary({ info }: { info: UserInfo }) {
  const country = findCountry(info.region);
  const name = fullName(info);
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} mb="lg">
      <Group justify="space-between" align="flex-start" gap="lg">
        <Group gap="lg" wrap="nowrap" miw={0}>
          <Avatar
            src={info.picture || null}
            name={displayName(info)}
            color="initials"
            size={72}
            radius="xl"
            alt={displayName(info)}
          />
          <Stack gap={2} miw={0}>
            <Title order={2} size="h3" style={{ overflowWrap: 'anywhere' }}>
              {name || displayName(info)}
            </Title>
            <Text c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              @{info.username}
            </Text>
            <PictureButtons info={info} />
          </Stack>
        </Group>
        <Button component={Link} to="/settings" variant="light">
          Edit profile
        </Button>
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} mt="xl">
        <Field label="Name">
          {name || (
            <Anchor component={Link} to="/settings">
              Add your name
            </Anchor>
          )}
        </Field>
        <Field label="Username">{info.username}</Field>
        <Stack gap={6}>
          <Field label="E-mail">{info.email}</Field>
          <EmailStatus info={info} />
        </Stack>
        <Field label="Region">{country ? `${country.emoji} ${country.name}` : 'Not chosen at sign-up'}</Field>
      </SimpleGrid>
    </Paper>
  );
}

/** /profile: the user's summary, and the profile's sub-pages. */
export function ProfileLayout() {
  const me = useMe();
  const pathname = useLocation().pathname.replace(/\/+$/, '').toLowerCase();
  return (
    <>
      <PageHeader title="Profile" />
      {me.data && <ProfileSummary info={me.data} />}
      <PillNav
        spaced
        label="Profile sections"
        links={TABS.map((tab) => ({
          to: tab.to,
          label: tab.label,
          active: pathname === tab.to.toLowerCase(),
        }))}
      />
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
        <Outlet />
      </Paper>
    </>
  );
}

/** /profile: the connected sources at a glance. */
export function ProfileOverview() {
  const info = useMe().data;
  if (!info) return null;
  const sources = [
    { name: 'Google Drive', on: info.gdrive_active },
    { name: 'Dropbox', on: info.dropbox_active },
    { name: 'WhatsApp', on: info.whatsapp_active },
    { name: 'Mail', on: info.gmail_active },
  ];
  return (
    <Stack gap="sm">
      <Title order={2} size="h4">
        Linked sources
      </Title>
      <Group gap="xs">
        {sources.map((s) => (
          <Badge key={s.name} variant="light" color={s.on ? 'teal' : 'gray'}>
            {s.name}: {s.on ? 'connected' : 'not connected'}
          </Badge>
        ))}
      </Group>
      <Text size="sm" c="dimmed">
        Link sources from {/* Underlined: in a line of grey text its colour alone does not set it apart. */}
        <Anchor component={Link} to="/my-source" underline="always">
          My Sources
        </Anchor>
        .
      </Text>
    </Stack>
  );
}

export { AccountsPage } from './AccountsPage';
export { HelpPage } from './HelpPage';
export { NotificationsPage } from './NotificationsPage';
export { UserManagementPage } from './UserManagementPage';
