import type { DeskObject } from '@easio/shared';
import { Alert, Anchor, Badge, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useCallback, useMemo } from 'react';
import { Link, useSearchParams } from 'react-router';
import { isApiError } from '../../api/api-error';
import { errorMessage } from '../../api/error-message';
import { folderName } from '../../lib/object-info';
import { countOf } from '../../lib/plural';
import { useIsPhone } from '../../lib/use-is-phone';
import { BinderStateSelect } from './BinderStateSelect';
import { ListingPane } from './browser/ListingPane';
import { useSelection } from './browser/use-selection';
import { CreateActions } from './create/CreateActions';
import { DeskBreadcrumbs } from './DeskBreadcrumbs';
import { DeskToolbar } from './DeskToolbar';
import classes from './desk.module.css';
import { useDeskPrefs } from './desk-prefs';
import { DeskDnd, type DropTarget } from './dnd/DeskDnd';
import { FolderEmpty } from './FolderEmpty';
import { BINDER_STATE_LABEL, navFilterKinds, passesDrawerOption } from './filters';
import { SELECT_PARAM } from './links';
import { useMoveObjects } from './mutations';
import { useFolderView, useListing } from './queries';
import { SidePanel } from './SidePanel';
import { UploadDropzone } from './uploads/UploadDropzone';

function FolderMissing({ error }: { error: unknown }) {
  return (
    <Alert
      color={isApiError(error, 404) ? 'gray' : 'red'}
      title={isApiError(error, 404) ? 'This folder does not exist' : 'This folder could not be loaded'}
    >
      <Stack gap={4} align="flex-start">
        <Text size="sm">{isApiError(error, 404) ? 'It may have been deleted.' : errorMessage(error)}</Text>
        <Anchor component={Link} to="/my-desk/my-content" size="sm">
          Back to My Desk
        </Anchor>
      </Stack>
    </Alert>
  );
}

/** One folder of the desk (the root, a drawer or a binder): its path, what can be made in it, and its content. */
export function FolderScreen({ folderId }: { folderId: string }) {
  const prefs = useDeskPrefs();
  const view = useFolderView(folderId);
  const folder = view.data?.folder;
  const [params] = useSearchParams();
  const reveal = params.get(SELECT_PARAM);
  const isDrawer = folder?.data_type === 'drawer_object';
  const isPhone = useIsPhone();

  const query = useMemo(
    () => ({ sort: prefs.sort, order: prefs.order, kind: navFilterKinds(prefs.filter) }),
    [prefs.sort, prefs.order, prefs.filter],
  );
  const listing = useListing({ folderId }, query);
  const drawerOption = isDrawer ? prefs.drawerOption : 'ALLBINDERS';
  const keep = useCallback((o: DeskObject) => passesDrawerOption(o, drawerOption), [drawerOption]);
  const objects = useMemo(
    () => (drawerOption === 'ALLBINDERS' ? listing.objects : listing.objects.filter(keep)),
    [listing.objects, keep, drawerOption],
  );
  const selection = useSelection(objects);
  const move = useMoveObjects();
  const onMove = useCallback(
    (moved: DeskObject[], target: DropTarget) => {
      move.mutate({ objects: moved, target: { id: target.id, name: target.name } });
      selection.clear();
    },
    [move.mutate, selection.clear],
  );

  if (view.isError) return <FolderMissing error={view.error} />;
  const title = folder ? (folder.data_type === 'root_object' ? 'My content' : folderName(folder)) : null;

  return (
    <DeskDnd getDragged={selection.dragged} onMove={onMove}>
      <Stack gap="sm">
        <Group justify="space-between" align="center" gap="sm" wrap="nowrap" className={classes.folderHead}>
          <Group gap={4} wrap="nowrap" miw={0}>
            {view.data ? <DeskBreadcrumbs path={view.data.path} /> : <Skeleton h={18} w={80} />}
            {title ? (
              <Title order={2} size="h4" lineClamp={1} className={classes.folderTitle}>
                {title}
              </Title>
            ) : (
              <Skeleton h={24} w={180} />
            )}
            {folder?.binder_state && (
              <Badge variant="outline" color="var(--easio-text-accent)" tt="none" style={{ flexShrink: 0 }}>
                {BINDER_STATE_LABEL[folder.binder_state]}
              </Badge>
            )}
            {folder?.child_count !== null && folder?.child_count !== undefined && (
              <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                {countOf(folder.child_count, 'item')}
              </Text>
            )}
          </Group>
          <Group gap="xs" wrap="nowrap">
            {folder?.data_type === 'binder_object' && <BinderStateSelect binder={folder} />}
            {folder && <CreateActions folderId={folder.id} folderType={folder.data_type} />}
          </Group>
        </Group>
        <Group align="flex-start" gap="md" wrap="nowrap">
          <ListingPane
            label={title ? `Contents of ${title}` : 'Folder contents'}
            objects={objects}
            listing={listing}
            selection={selection}
            view={isPhone ? 'list' : prefs.view}
            draggable
            droppable
            empty={folder ? <FolderEmpty folderType={folder.data_type} /> : null}
            total={prefs.filter === 'clear' && drawerOption === 'ALLBINDERS' ? folder?.child_count : null}
            keep={keep}
            reveal={reveal}
            tools={<DeskToolbar drawerOption={isDrawer} />}
          />
          {prefs.panel !== 'HIDE' && !isPhone && <SidePanel folderId={folderId} panel={prefs.panel} />}
        </Group>
      </Stack>
      {folder && <UploadDropzone folderId={folder.id} folderName={title ?? 'this folder'} />}
    </DeskDnd>
  );
}
