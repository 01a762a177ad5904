import { Anchor, Box, Container, Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { LogoMark } from './icons';

/** The frame of the public pages other than the landing page: the wordmark home and the page. */
export function PublicShell({ children, aside }: { children: ReactNode; aside?: ReactNode }) {
  return (
    <Box mih="100dvh" bg="var(--easio-page)">
      <Box
        component="header"
        bg="var(--mantine-color-body)"
        style={{ borderBottom: '1px solid var(--easio-border-subtle)' }}
      >
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
