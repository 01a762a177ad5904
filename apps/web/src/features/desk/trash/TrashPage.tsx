import { TRASH_DAYS_DEFAULT, type TrashEntry } from '@easio/shared';
import { Button, Checkbox, Group, Modal, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { useState } from 'react';
import { usePublicConfig } from '../../../api/queries';
import { ConfirmActions } from '../../../components/ConfirmActions';
import { TrashIcon } from '../../../components/icons';
import { LoadError } from '../../../components/LoadError';
import { SectionLoader } from '../../../components/Loading';
import { ObjectIcon } from '../../../components/ObjectIcon';
import { EmptyPanel, PageHeader } from '../../../components/Page';
import { displayName } from '../../../lib/object-info';
import { countOf, plural } from '../../../lib/plural';
import { useTrash, useTrashActions } from './queries';

const day = (iso: string) => new Date(iso).toLocaleDateString(undefined, { dateStyle: 'medium' });

/** Where an entry was, as the Trash says it: the folder's name, or the desk itself. */
const whereFrom = (entry: TrashEntry) => entry.trashed_from?.name ?? 'My Desk';

/** Asks before anything is deleted for good. */
function ConfirmForever({
  count,
  all,
  onConfirm,
  onClose,
}: {
  count: number;
  all: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const title = all ? 'Empty the Trash?' : `Delete ${countOf(count, 'item')} for good?`;
  return (
    <Modal opened onClose={onClose} title={title} centered>
      <Stack>
        <Text size="sm">
          {all ? 'Everything in the Trash' : plural(count, 'It', 'They')} will be deleted for good, with
          everything inside, and cannot be restored.
        </Text>
        <ConfirmActions
          label={all ? 'Empty the Trash' : 'Delete for good'}
          onConfirm={onConfirm}
          onClose={onClose}
        />
      </Stack>
    </Modal>
  );
}

/** /trash: what was deleted, restorable where it was until it goes for good. */
export function TrashPage() {
  const days = usePublicConfig().data?.trash.days ?? TRASH_DAYS_DEFAULT;
  const trash = useTrash();
  const { restore, deleteForever, empty } = useTrashActions();
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const [confirm, setConfirm] = useState<{ ids: string[]; all: boolean } | null>(null);
  const entries = trash.data?.pages.flatMap((p) => p.entries) ?? [];
  const total = trash.data?.pages[0]?.total ?? 0;
  const picked = entries.filter((e) => chosen.has(e.object.id)).map((e) => e.object.id);
  const toggle = (id: string) =>
    setChosen((before) => {
      const next = new Set(before);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const done = () => setChosen(new Set());

  return (
    <>
      <PageHeader
        title="Trash"
        description={`What you delete waits here for ${days} days, restorable where it was; then it is deleted for good.`}
      />
      {trash.isPending ? (
        <SectionLoader />
      ) : trash.isError ? (
        <LoadError
          title="The Trash could not be loaded"
          error={trash.error}
          onRetry={() => void trash.refetch()}
        />
      ) : entries.length === 0 ? (
        <EmptyPanel
          icon={<TrashIcon size={28} />}
          title="The Trash is empty"
          description="Nothing was deleted lately."
        />
      ) : (
        <Stack gap="sm">
          <Group justify="space-between" wrap="wrap">
            <Text size="sm" c="dimmed">
              {countOf(total, 'item')} in the Trash
              {picked.length > 0 ? `, ${picked.length} chosen` : ''}
            </Text>
            <Group gap="xs">
              <Button
                variant="default"
                disabled={picked.length === 0}
                loading={restore.isPending}
                onClick={() => restore.mutate(picked, { onSuccess: done })}
              >
                Restore
              </Button>
              <Button
                variant="default"
                color="red"
                disabled={picked.length === 0}
                onClick={() => setConfirm({ ids: picked, all: false })}
              >
                Delete for good
              </Button>
              <Button color="red" variant="light" onClick={() => setConfirm({ ids: [], all: true })}>
                Empty the Trash
              </Button>
            </Group>
          </Group>
          <Table.ScrollContainer minWidth={560}>
            <Table verticalSpacing="xs" highlightOnHover aria-label="Deleted items">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={40}>
                    <Checkbox
                      aria-label="Choose all"
                      checked={picked.length === entries.length}
                      indeterminate={picked.length > 0 && picked.length < entries.length}
                      onChange={() =>
                        setChosen(
                          picked.length === entries.length
                            ? new Set()
                            : new Set(entries.map((e) => e.object.id)),
                        )
                      }
                    />
                  </Table.Th>
                  <Table.Th>Name</Table.Th>
                  <Table.Th>Was in</Table.Th>
                  <Table.Th>Deleted</Table.Th>
                  <Table.Th>Goes for good</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>Actions</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {entries.map((entry) => {
                  const name = displayName(entry.object);
                  return (
                    <Table.Tr key={entry.object.id}>
                      <Table.Td>
                        <Checkbox
                          aria-label={`Choose ${name}`}
                          checked={chosen.has(entry.object.id)}
                          onChange={() => toggle(entry.object.id)}
                        />
                      </Table.Td>
                      <Table.Td>
                        <Group gap="sm" wrap="nowrap">
                          <ObjectIcon object={entry.object} size={28} />
                          <Text size="sm" lineClamp={2}>
                            {name}
                            {entry.object.child_count
                              ? ` (${countOf(entry.object.child_count, 'item')} inside)`
                              : ''}
                          </Text>
                        </Group>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm">{whereFrom(entry)}</Text>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm">{entry.object.trashed_at ? day(entry.object.trashed_at) : ''}</Text>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm">{day(entry.purge_at)}</Text>
                      </Table.Td>
                      <Table.Td>
                        <Button
                          size="compact-sm"
                          variant="subtle"
                          aria-label={`Restore ${name}`}
                          onClick={() => restore.mutate([entry.object.id])}
                        >
                          Restore
                        </Button>
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {trash.hasNextPage && (
            <Button
              variant="default"
              loading={trash.isFetchingNextPage}
              onClick={() => void trash.fetchNextPage()}
            >
              Show more
            </Button>
          )}
        </Stack>
      )}
      {confirm && (
        <ConfirmForever
          count={confirm.ids.length}
          all={confirm.all}
          onClose={() => setConfirm(null)}
          onConfirm={() =>
            confirm.all
              ? empty.mutate(undefined, { onSuccess: done })
              : deleteForever.mutate(confirm.ids, { onSuccess: done })
          }
        />
      )}
    </>
  );
}
