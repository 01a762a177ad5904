import { STORAGE_KEYS } from '@easio/shared';
import { AppShell, Button, Container, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { isApiError } from '../api/api-error';
import { errorMessage } from '../api/error-message';
import { storeMe, useMe } from '../api/queries';
import { SectionLoader } from '../components/Loading';
import { Sidebar } from '../components/Sidebar';
import { TopBar } from '../components/TopBar';
import { SearchBox } from '../features/search/SearchBox';
import { noteLocation } from '../lib/first-location';
import { useIsPhone } from '../lib/use-is-phone';
import { localStore } from '../state/storage';
import { useLiveUpdates } from './use-live-updates';

const NAVBAR_BREAKPOINT = 'sm';

/** Another tab that saves the profile rewrites `info`: show its copy here too. */
function useInfoFromOtherTabs() {
  const queryClient = useQueryClient();
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key !== STORAGE_KEYS.info) return;
      const info = localStore.get('info');
      if (info) storeMe(queryClient, info);
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [queryClient]);
}

/**
 * The frame of every protected page: a responsive AppShell with the sidebar and the top bar, which
 * shows the signed-in user once their info is in. If the session turns out to be invalid, the client
 * has cleared it and this sends the visitor to /login.
 */
export function AppLayout() {
  const me = useMe();
  const isSmall = useIsPhone();
  const [mobileOpened, mobile] = useDisclosure(false);
  const [desktopOpened, desktop] = useDisclosure(true);
  const { pathname, key } = useLocation();
  noteLocation(key);
  useInfoFromOtherTabs();
  useLiveUpdates();

  // On a phone the sidebar covers the page: close it once the visitor has picked a page.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every change of page.
  useEffect(() => {
    mobile.close();
  }, [pathname]);

  // A sidebar opened over the page on a phone takes the focus, on the current page's link.
  useEffect(() => {
    if (!isSmall || !mobileOpened) return;
    const sidebar = document.getElementById('app-sidebar');
    (sidebar?.querySelector<HTMLElement>('[aria-current="page"]') ?? sidebar?.querySelector('a'))?.focus();
  }, [isSmall, mobileOpened]);

  if (me.isError && isApiError(me.error, 401)) return <Navigate to="/login" replace />;
  // No waiting for the user's info: the shell and the page come at once (each page loads its own data
  // beside it), so a slow connection waits one round trip for the desk, not two. A failed refresh keeps
  // showing the info already loaded; only a first load that failed stops here.
  if (me.isError && !me.data) {
    return (
      <Container size="sm" py={80}>
        <Stack align="flex-start">
          <Title order={1} size="h2">
            Your desk could not be loaded
          </Title>
          <Text c="dimmed">{errorMessage(me.error)}</Text>
          <Button onClick={() => me.refetch()} loading={me.isFetching}>
            Try again
          </Button>
        </Stack>
      </Container>
    );
  }

  const navbarOpened = isSmall ? mobileOpened : desktopOpened;
  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{
        width: 272,
        breakpoint: NAVBAR_BREAKPOINT,
        collapsed: { mobile: !mobileOpened, desktop: !desktopOpened },
      }}
      padding={{ base: 'sm', sm: 'md' }}
    >
      <AppShell.Header>
        <TopBar
          user={me.data}
          navbarOpened={navbarOpened}
          onToggleNavbar={isSmall ? mobile.toggle : desktop.toggle}
          search={<SearchBox />}
        />
      </AppShell.Header>
      {/* The page before the sidebar in the document (both are placed by the shell): from the top bar,
          Tab reaches the page's own content first; the sidebar follows it. */}
      <AppShell.Main bg="var(--easio-page)">
        <Suspense fallback={<SectionLoader />}>
          <Outlet />
        </Suspense>
      </AppShell.Main>
      <AppShell.Navbar id="app-sidebar" aria-label="Sidebar">
        <Sidebar onNavigate={mobile.close} />
      </AppShell.Navbar>
    </AppShell>
  );
}
