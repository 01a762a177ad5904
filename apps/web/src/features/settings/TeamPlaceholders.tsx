import { Alert, Badge, Button, Group, Select, Stack, Switch, Table, Text, Title } from '@mantine/core';

/** The spec's sample team (section 2): shown as it will look, nobody real. */
const SAMPLE_MEMBERS = [
  { name: 'You', role: 'Owner', joined: 'Today' },
  { name: 'A family member', role: 'Member', joined: '—' },
  { name: 'Your accountant', role: 'Viewer', joined: '—' },
];

const PERMISSIONS = [
  'Make admin',
  'Source added',
  'File added',
  'File edited',
  'Desk',
  'Team Desk',
  'Binder',
  'File',
];

function ComingSoon({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Stack gap="sm">
      <Group gap="sm">
        <Title order={2} size="h3">
          {title}
        </Title>
        <Badge variant="light" color="gray">
          Coming soon
        </Badge>
      </Group>
      <Alert variant="light" color="gray">
        {children}
      </Alert>
    </Stack>
  );
}

/** /settings/team: the member list as it will look; nothing here acts yet (spec section 2). */
export function TeamSettings() {
  return (
    <Stack gap="md">
      <ComingSoon title="Team">
        Teams are coming soon. This is how inviting people to your desk will look; for now your desk is yours
        alone, and these controls do nothing.
      </ComingSoon>
      <Table withTableBorder aria-label="Team members (preview)">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Member</Table.Th>
            <Table.Th>Role</Table.Th>
            <Table.Th>Joined</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {SAMPLE_MEMBERS.map((m) => (
            <Table.Tr key={m.name}>
              <Table.Td>{m.name}</Table.Td>
              <Table.Td>{m.role}</Table.Td>
              <Table.Td>{m.joined}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Group>
        <Button disabled title="Coming soon">
          Add Member
        </Button>
      </Group>
    </Stack>
  );
}

/** /settings/permissions: what a member may do, as it will look; nothing here acts yet (spec section 2). */
export function PermissionsSettings() {
  return (
    <Stack gap="md">
      <ComingSoon title="Permissions">
        Permissions come with teams. Your account is yours alone: only you can see and change what is on your
        desk. These switches show what you will be able to allow a member; they do nothing yet.
      </ComingSoon>
      <Stack gap="xs" role="group" aria-label="Member permissions (preview)">
        {PERMISSIONS.map((p) => (
          <Switch key={p} label={p} disabled />
        ))}
        <Select label="Drawers" placeholder="All drawers" data={['All drawers']} disabled w={260} />
      </Stack>
      <Stack gap={4}>
        <Title order={3} size="h5">
          Shared workspace
        </Title>
        <Text size="sm" c="dimmed">
          Drawers you share with your team will be listed here.
        </Text>
      </Stack>
    </Stack>
  );
}
