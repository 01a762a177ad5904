import type { DeskObject } from '@easio/shared';
import { Button, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { EditIcon } from '../../../components/object-icons';
import { placeOf } from '../../../lib/object-info';
import { useUpdateObject } from '../mutations';
import { NO_PLACE, PlaceForm, type PlaceValues } from '../places/PlaceForm';
import { PlaceLink } from './ItemPreview';

function valuesOf(object: DeskObject): PlaceValues {
  const place = placeOf(object.metadata);
  if (!place) return { ...NO_PLACE, label: object.name };
  return {
    label: place.label ?? object.name,
    latitude: String(place.latitude),
    longitude: String(place.longitude),
    address: place.address ?? '',
  };
}

/** A location as it is, and "Change place": found by name, clicked on the map or typed. */
export function PlaceEditor({ object }: { object: DeskObject }) {
  const update = useUpdateObject();
  const [editing, setEditing] = useState(false);
  if (editing) {
    return (
      <PlaceForm
        initial={valuesOf(object)}
        submitLabel="Save place"
        submitting={update.isPending}
        onCancel={() => setEditing(false)}
        onSubmit={(place) =>
          update.mutate({ id: object.id, changes: { place } }, { onSuccess: () => setEditing(false) })
        }
      />
    );
  }
  return (
    <Stack gap="xs">
      {placeOf(object.metadata) ? (
        <PlaceLink metadata={object.metadata} />
      ) : (
        <Text c="dimmed" size="sm">
          This location has no coordinates.
        </Text>
      )}
      <Group>
        <Button
          variant="default"
          size="xs"
          leftSection={<EditIcon size={14} />}
          onClick={() => setEditing(true)}
        >
          Change place
        </Button>
      </Group>
    </Stack>
  );
}
