import { Box, Group, Skeleton, Stack } from '@mantine/core';

/** The outline of a page while it loads: a title, a tool bar and rows, where they will appear. */
export function SectionLoader() {
  return (
    <Stack gap="sm" role="status" aria-busy="true" aria-label="Loading" py="xs">
      <Skeleton height={28} width={180} radius="sm" />
      <Skeleton height={36} radius="md" />
      {[0, 1, 2, 3, 4, 5].map((i) => (
        <Skeleton key={i} height={40} radius="md" />
      ))}
    </Stack>
  );
}

/** The app's outline (a bar on top, the page below) while its first code arrives. */
export function FullPageLoader() {
  return (
    <Box mih="100dvh">
      <Group
        h={60}
        px="md"
        justify="space-between"
        style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
      >
        <Skeleton height={26} width={110} radius="sm" />
        <Skeleton circle height={38} />
      </Group>
      <Box p="md" maw={1100} mx="auto">
        <SectionLoader />
      </Box>
    </Box>
  );
}
