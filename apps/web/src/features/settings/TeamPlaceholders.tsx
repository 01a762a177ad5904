import { Badge, Group, List, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A settings page for a feature this server does not offer yet: said plainly, with nothing to press. */
function NotAvailableYet({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="sm">
      <Group gap="sm">
        <Title order={2} size="h3">
          {title}
        </Title>
        <Badge variant="light" color="gray">
          Not available yet
        </Badge>
      </Group>
      {children}
    </Stack>
  );
}

/** /settings/team (spec section 2): teams do not exist yet, and the page says so. */
export function TeamSettings() {
  return (
    <NotAvailableYet title="Team">
      <Text>
        Teams are not available yet. Your desk is yours alone: no one else can be invited, and no one else can
        see what you keep.
      </Text>
      <Text c="dimmed" size="sm">
        When teams come, you will be able to invite people to a shared workspace and choose what each of them
        may do. Nothing you keep now will be shared unless you share it.
      </Text>
    </NotAvailableYet>
  );
}

/** /settings/permissions (spec section 2): there is no one to give permissions to yet. */
export function PermissionsSettings() {
  return (
    <NotAvailableYet title="Permissions">
      <Text>
        Permissions come with teams, which are not available yet. Only you can see and change what is on your
        desk.
      </Text>
      <Text c="dimmed" size="sm">
        With teams, you will be able to allow a member to:
      </Text>
      <List size="sm" c="dimmed" spacing={2}>
        <List.Item>add sources, and add or edit files;</List.Item>
        <List.Item>use the desk, the team desk, binders and files;</List.Item>
        <List.Item>see only the drawers you choose.</List.Item>
      </List>
    </NotAvailableYet>
  );
}
