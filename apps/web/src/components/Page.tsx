import { EmptyState, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { InboxIcon } from './icons';
import { usePageTitle } from './usePageTitle';

/** A protected page's heading (h1) with an optional line below it and an optional badge beside it. */
export function PageHeader({
  title,
  description,
  badge,
}: {
  title: string;
  description?: ReactNode;
  badge?: ReactNode;
}) {
  usePageTitle(title);
  return (
    <Stack gap={4} mb="lg">
      <Group gap="sm">
        <Title order={1} size="h2">
          {title}
        </Title>
        {badge}
      </Group>
      {description && <Text c="dimmed">{description}</Text>}
    </Stack>
  );
}

/** An honest empty state: nothing to show yet, and why. */
export function EmptyPanel({
  title = 'Nothing here yet',
  description,
  icon,
}: {
  title?: string;
  description?: ReactNode;
  icon?: ReactNode;
}) {
  return (
    <Paper withBorder radius="lg" py={56} px="lg">
      <EmptyState
        title={title}
        description={description}
        icon={icon ?? <InboxIcon size={28} />}
        variant="light"
        size="md"
      />
    </Paper>
  );
}
