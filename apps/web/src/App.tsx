import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect } from 'react';
import { RouterProvider } from 'react-router';
import { usePublicConfig } from './api/queries';
import { queryClient } from './api/query-client';
import { startErrorReporting } from './lib/error-reporting';
import { router } from './routes/router';
import { theme } from './theme';

/** Starts error reporting once the server says whether it wants it (off unless configured). */
function ErrorReporting() {
  const dsn = usePublicConfig().data?.error_reporting.sentry_dsn ?? null;
  useEffect(() => {
    startErrorReporting(dsn).catch((error: unknown) =>
      console.error('Error reporting could not start', error),
    );
  }, [dsn]);
  return null;
}

export function App() {
  return (
    <MantineProvider theme={theme} defaultColorScheme="light">
      <QueryClientProvider client={queryClient}>
        <ErrorReporting />
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>
  );
}
