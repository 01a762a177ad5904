import { Alert } from '@mantine/core';
import { useOnline } from '../lib/use-online';

/**
 * Across the top of every page while the device has no network: the app (kept by the service worker)
 * still opens, but nothing on the desk can load or be saved until it is back.
 */
export function OfflineBanner() {
  const online = useOnline();
  if (online) return null;
  return (
    <Alert
      role="status"
      color="orange"
      radius={0}
      title="You are offline"
      styles={{ root: { position: 'sticky', top: 0, zIndex: 300 } }}
    >
      Easio cannot reach the server. Your desk will load again when the connection is back.
    </Alert>
  );
}
