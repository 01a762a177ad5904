import { createItemSchema } from '@easio/shared';
import { Button, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { type FormErrors, useForm } from '@mantine/form';
import { useState } from 'react';
import { toastError } from '../../../lib/toast';
import { DeskModal } from '../DeskModal';
import { useCreateItem } from '../mutations';
import { DialogActions } from './DialogActions';
import { optional, showServerErrors, validateAs } from './form-helpers';

interface Values {
  label: string;
  latitude: string;
  longitude: string;
  address: string;
}

const toNumber = (value: string) => (value.trim() === '' ? Number.NaN : Number(value.replace(',', '.')));

function toPayload(parentId: string, v: Values) {
  return {
    data_type: 'location_object' as const,
    parent_id: parentId,
    label: v.label,
    latitude: toNumber(v.latitude),
    longitude: toNumber(v.longitude),
    address: optional(v.address),
  };
}

function LocationForm({ parentId, onClose }: { parentId: string; onClose: () => void }) {
  const create = useCreateItem();
  const [locating, setLocating] = useState(false);
  const [locateError, setLocateError] = useState<string | null>(null);
  const check = validateAs(createItemSchema, (v: Values) => toPayload(parentId, v));
  const form = useForm<Values>({
    initialValues: { label: '', latitude: '', longitude: '', address: '' },
    validate: (values): FormErrors => {
      const errors = check(values);
      // A number the contract never sees: say which, in plain words.
      if (Number.isNaN(toNumber(values.latitude))) errors.latitude = 'Enter a latitude, e.g. 48.8584';
      if (Number.isNaN(toNumber(values.longitude))) errors.longitude = 'Enter a longitude, e.g. 2.2945';
      return errors;
    },
  });

  const locate = () => {
    if (!('geolocation' in navigator)) {
      setLocateError('This browser cannot tell where you are');
      return;
    }
    setLocating(true);
    setLocateError(null);
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => {
        setLocating(false);
        form.setValues({ latitude: coords.latitude.toFixed(6), longitude: coords.longitude.toFixed(6) });
      },
      (error) => {
        setLocating(false);
        setLocateError(
          error.code === error.PERMISSION_DENIED
            ? 'Location permission was refused'
            : 'Your location could not be found',
        );
      },
      { enableHighAccuracy: true, timeout: 15_000 },
    );
  };

  return (
    <form
      noValidate
      onSubmit={form.onSubmit((values) =>
        create.mutate(toPayload(parentId, values), {
          onSuccess: onClose,
          onError: (error) => {
            toastError(error);
            showServerErrors(form, error);
          },
        }),
      )}
    >
      <Stack>
        <TextInput label="Label" required data-autofocus {...form.getInputProps('label')} />
        <SimpleGrid cols={2}>
          <TextInput label="Latitude" inputMode="decimal" required {...form.getInputProps('latitude')} />
          <TextInput label="Longitude" inputMode="decimal" required {...form.getInputProps('longitude')} />
        </SimpleGrid>
        <Group gap="sm">
          <Button variant="light" size="xs" onClick={locate} loading={locating}>
            Use my location
          </Button>
          {locateError && (
            <Text size="xs" c="red.8" role="alert">
              {locateError}
            </Text>
          )}
        </Group>
        <TextInput label="Address" description="Optional" {...form.getInputProps('address')} />
        <DialogActions onCancel={onClose} submitting={create.isPending} />
      </Stack>
    </form>
  );
}

/** 'New location': a label and coordinates (typed, or from the browser), and an optional address. */
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
    <DeskModal opened={opened} onClose={onClose} title="New location">
      <LocationForm parentId={parentId} onClose={onClose} />
    </DeskModal>
  );
}
