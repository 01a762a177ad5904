import { workspaceSchema } from '@easio/shared';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../api/client';
import { deskKeys } from '../../api/desk-keys';

/** Under the desk's key, so every move, filing or delete on the desk refreshes it. */
const workspaceKey = [...deskKeys.all, 'workspace'] as const;

export function useWorkspace() {
  return useQuery({
    queryKey: workspaceKey,
    queryFn: ({ signal }) => apiRequest('/desk/workspace', workspaceSchema, { signal }),
  });
}
