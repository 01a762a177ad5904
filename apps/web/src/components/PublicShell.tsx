import { Anchor, Box, Button, Container, Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useIsLoggedIn } from '../state/session';
import { LogoMark } from './icons';

/** A link to the sign-in page, for the top right of a public page. */
export function SignInLink() {
  return (
    <Anchor component={Link} to="/login" fw={600}>
      Sign in
    </Anchor>
  );
}

/**
 * The frame of the public pages other than the landing page: the wordmark home and the page. A
 * signed-in person always gets a way back to their desk in the top right; others get `aside`.
 */
export function PublicShell({ children, aside }: { children: ReactNode; aside?: ReactNode }) {
  const loggedIn = useIsLoggedIn();
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
            {loggedIn ? (
              <Button component={Link} to="/my-desk" variant="light">
                Go to my desk
              </Button>
            ) : (
              aside
            )}
          </Group>
        </Container>
      </Box>
      <Box component="main">{children}</Box>
    </Box>
  );
}
