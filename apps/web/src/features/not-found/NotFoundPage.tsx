import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { usePageTitle } from '../../components/usePageTitle';

export function NotFoundPage() {
  usePageTitle('Page not found');
  return (
    <Container size="sm" py={96}>
      <Stack align="flex-start" gap="md">
        <Text c="dimmed" fw={700} size="sm">
          404
        </Text>
        <Title order={1}>Page not found</Title>
        <Text c="dimmed">
          There is nothing at this address. It may have moved, or the link may be mistyped.
        </Text>
        <Button component={Link} to="/">
          Go to the home page
        </Button>
      </Stack>
    </Container>
  );
}
