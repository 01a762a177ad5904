import { toastError } from '../../../lib/toast';
import { DeskModal } from '../DeskModal';
import { useCreateItem } from '../mutations';
import { NO_PLACE, PlaceForm } from '../places/PlaceForm';
import { showServerErrors } from './form-helpers';

function LocationForm({ parentId, onClose }: { parentId: string; onClose: () => void }) {
  const create = useCreateItem();
  return (
    <PlaceForm
      initial={NO_PLACE}
      submitLabel="Create"
      submitting={create.isPending}
      onCancel={onClose}
      onSubmit={(place, form) =>
        create.mutate(
          { data_type: 'location_object', parent_id: parentId, ...place },
          {
            onSuccess: onClose,
            onError: (error) => {
              toastError(error);
              showServerErrors(form, error);
            },
          },
        )
      }
    />
  );
}

/** 'New location': found by name, clicked on the map, or typed as coordinates; a label and an optional address. */
export function NewLocationDialog({
  parentId,
  opened,
  onClose,
}: {
  parentId: string;
  opened: boolean;
  onClose: () => void;
}) {
  return (
    <DeskModal opened={opened} onClose={onClose} title="New location" size="lg">
      <LocationForm parentId={parentId} onClose={onClose} />
    </DeskModal>
  );
}
