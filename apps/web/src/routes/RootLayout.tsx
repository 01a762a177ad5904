import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { FullPageLoader } from '../components/Loading';
import { OfflineBanner } from '../components/OfflineBanner';

// Toasts are mounted on every page but the landing page, which never shows one: so their code stays
// out of the landing page's bundle.
const Notifications = lazy(() =>
  import('@mantine/notifications').then((m) => ({ default: m.Notifications })),
);

/** Every page: lazily loaded pages show the spinner while their code arrives. */
export function RootLayout() {
  const { pathname } = useLocation();
  return (
    <>
      <OfflineBanner />
      {pathname !== '/' && (
        <Suspense fallback={null}>
          <Notifications position="top-right" limit={4} />
        </Suspense>
      )}
      <Suspense fallback={<FullPageLoader />}>
        <Outlet />
      </Suspense>
      <ScrollRestoration />
    </>
  );
}

/** A page that failed to load (most often: a new version was deployed while this tab was open). */
export function RouteError() {
  return (
    <Container size="sm" py={80}>
      <Stack align="flex-start">
        <Title order={1}>This page could not be loaded</Title>
        <Text c="dimmed">
          Easio may have been updated since this tab was opened. Reloading usually fixes it.
        </Text>
        <Button onClick={() => window.location.reload()}>Reload</Button>
      </Stack>
    </Container>
  );
}
