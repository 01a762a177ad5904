import type { WorkspaceChange, WorkspaceDrawer } from '@easio/shared';
import { Anchor, Badge, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { WorkspaceIcon } from '../../components/icons';
import { LoadError } from '../../components/LoadError';
import { SectionLoader } from '../../components/Loading';
import { BinderIcon, DrawerIcon } from '../../components/object-icons';
import { EmptyPanel, PageHeader } from '../../components/Page';
import { formatDate, KIND_LABEL } from '../../lib/object-info';
import { countOf } from '../../lib/plural';
import { BINDER_STATE_LABEL } from '../desk/filters';
import { folderPath, VIEWER_PARAM } from '../desk/links';
import { useWorkspace } from './queries';

const STATE_COLOR = { wip: 'blue', archive: 'gray', vault: 'grape' } as const;

/** /my-workspace: the drawers and binders the user organises, what each holds, and what changed last. */
export function MyWorkspacePage() {
  const { data, isPending, isError, error, refetch } = useWorkspace();
  return (
    <>
      <PageHeader title="My Workspace" description="Your drawers and binders, and the items filed in them." />
      {isPending ? (
        <SectionLoader />
      ) : isError ? (
        <LoadError title="Your workspace could not be loaded" error={error} onRetry={() => void refetch()} />
      ) : data.drawers.length === 0 ? (
        <EmptyPanel
          icon={<WorkspaceIcon size={28} />}
          title="No drawers yet"
          description={
            <Stack gap="sm" align="center">
              <span>Make a drawer on your desk, then file items into it or into its binders.</span>
              <Button component={Link} to="/my-desk/my-content" variant="light">
                Go to My Desk
              </Button>
            </Stack>
          }
        />
      ) : (
        <Stack gap="xl">
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
            {data.drawers.map((drawer) => (
              <DrawerCard key={drawer.id} drawer={drawer} />
            ))}
          </SimpleGrid>
          <RecentChanges changes={data.recent} />
        </Stack>
      )}
    </>
  );
}

function DrawerCard({ drawer }: { drawer: WorkspaceDrawer }) {
  const filed = drawer.item_count + drawer.binders.reduce((n, b) => n + b.item_count, 0);
  return (
    <Paper withBorder radius="lg" p="md" component="section" aria-labelledby={`drawer-${drawer.id}`}>
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <DrawerIcon aria-hidden />
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Anchor
            id={`drawer-${drawer.id}`}
            component={Link}
            to={folderPath({ id: drawer.id, data_type: 'drawer_object' })}
            fw={600}
            style={{ overflowWrap: 'anywhere' }}
          >
            {drawer.name}
          </Anchor>
          <Text size="sm" c="dimmed">
            {countOf(filed, 'item')} · {countOf(drawer.binders.length, 'binder')} · changed{' '}
            {formatDate(drawer.last_change)}
          </Text>
        </Stack>
      </Group>
      {drawer.binders.length > 0 && (
        <Stack
          component="ul"
          gap={6}
          mt="sm"
          p={0}
          style={{ listStyle: 'none' }}
          aria-label={`Binders in ${drawer.name}`}
        >
          {drawer.binders.map((binder) => (
            <Group component="li" key={binder.id} gap="xs" wrap="nowrap" justify="space-between">
              <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
                <BinderIcon aria-hidden />
                <Anchor
                  component={Link}
                  to={folderPath({ id: binder.id, data_type: 'binder_object' })}
                  size="sm"
                  truncate
                >
                  {binder.name}
                </Anchor>
              </Group>
              <Group gap={6} wrap="nowrap">
                {binder.binder_state && (
                  <Badge size="sm" variant="light" color={STATE_COLOR[binder.binder_state]}>
                    {BINDER_STATE_LABEL[binder.binder_state]}
                  </Badge>
                )}
                <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                  {countOf(binder.item_count, 'item')}
                </Text>
              </Group>
            </Group>
          ))}
        </Stack>
      )}
    </Paper>
  );
}

function RecentChanges({ changes }: { changes: WorkspaceChange[] }) {
  return (
    <section aria-labelledby="workspace-recent">
      <Title order={2} size="h4" id="workspace-recent" mb="sm">
        Recent changes
      </Title>
      {changes.length === 0 ? (
        <Text c="dimmed">Nothing is filed in your drawers and binders yet.</Text>
      ) : (
        <Stack component="ul" gap={8} p={0} style={{ listStyle: 'none' }}>
          {changes.map((change) => (
            <li key={change.id}>
              <Anchor
                component={Link}
                to={`${folderPath({ id: change.folder_id, data_type: 'drawer_object' })}?${VIEWER_PARAM}=${change.id}`}
                style={{ overflowWrap: 'anywhere' }}
              >
                {change.name}
              </Anchor>
              <Text size="sm" c="dimmed">
                {KIND_LABEL[change.data_type]} in {change.folder_name} · {formatDate(change.updated_at, true)}
              </Text>
            </li>
          ))}
        </Stack>
      )}
    </section>
  );
}

/** Team and shared features (spec section 1): shown, but not offered yet. */
export function ComingSoonPage({ title }: { title: string }) {
  return (
    <>
      <PageHeader title={title} />
      <EmptyPanel
        title="Coming soon"
        description="Team and shared features are on their way. Nothing to set up yet."
      />
    </>
  );
}
