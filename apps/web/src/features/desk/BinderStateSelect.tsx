import { BINDER_STATES, type DeskObject } from '@easio/shared';
import { NativeSelect } from '@mantine/core';
import { BINDER_STATE_LABEL } from './filters';
import { useUpdateObject } from './mutations';

const OPTIONS = [
  { value: '', label: 'No state' },
  ...BINDER_STATES.map((s) => ({ value: s, label: BINDER_STATE_LABEL[s] })),
];

/** A binder's state (work in progress, archive, vault), which the drawer option filters by. */
export function BinderStateSelect({ binder }: { binder: DeskObject }) {
  const update = useUpdateObject();
  return (
    <NativeSelect
      size="xs"
      label="Binder state"
      data={OPTIONS}
      value={update.isPending ? (update.variables.changes.binder_state ?? '') : (binder.binder_state ?? '')}
      disabled={update.isPending}
      onChange={(event) => {
        const value = event.currentTarget.value;
        const state = BINDER_STATES.find((s) => s === value) ?? null;
        update.mutate({ id: binder.id, changes: { binder_state: state } });
      }}
    />
  );
}
