import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { usePageTitle } from '../../components/usePageTitle';
import { useIsLoggedIn } from '../../state/session';

/** An address that leads nowhere; a signed-in person stays in the app, with a way back to the desk. */
export function NotFoundPage() {
  usePageTitle('Page not found');
  const loggedIn = useIsLoggedIn();
  return (
    <Container size="sm" py={loggedIn ? 48 : 96}>
      <Stack align="flex-start" gap="md">
        <Text c="dimmed" fw={700} size="sm">
          404
        </Text>
        <Title order={1}>Page not found</Title>
        <Text c="dimmed">
          There is nothing at this address. It may have moved, or the link may be mistyped.
        </Text>
        {loggedIn ? (
          <Button component={Link} to="/my-desk">
            Back to my desk
          </Button>
        ) : (
          <Button component={Link} to="/">
            Go to the home page
          </Button>
        )}
      </Stack>
    </Container>
  );
}
