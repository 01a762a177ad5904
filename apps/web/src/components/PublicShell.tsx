import { Anchor, Box, Container, Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { LogoMark } from './icons';

/** The frame of the public pages other than the landing page: the wordmark home and the page. */
export function PublicShell({ children, aside }: { children: ReactNode; aside?: ReactNode }) {
  return (
    <Box mih="100dvh" bg="gray.0">
      <Box component="header" bg="white" style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}>
        <Container size="lg" py="sm">
          <Group justify="space-between">
            <Anchor component={Link} to="/" underline="never" c="inherit" aria-label="Easio home">
              <Group gap={8}>
                <LogoMark size={26} />
                <Text fw={800} size="lg">
                  Easio
                </Text>
              </Group>
            </Anchor>
            {aside}
          </Group>
        </Container>
      </Box>
      <Box component="main">{children}</Box>
    </Box>
  );
}
