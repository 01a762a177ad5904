import { type PlaceInput, placeSchema } from '@easio/shared';
import { Button, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { type FormErrors, type UseFormReturnType, useForm } from '@mantine/form';
import { lazy, Suspense, useState } from 'react';
import { DialogActions } from '../create/DialogActions';
import { optional, validateAs } from '../create/form-helpers';
import { PlaceSearch } from './PlaceSearch';
import type { GeoPoint } from './world-map';

const PickMap = lazy(() => import('./PickMap'));

export interface PlaceValues {
  label: string;
  latitude: string;
  longitude: string;
  address: string;
}

export const NO_PLACE: PlaceValues = { label: '', latitude: '', longitude: '', address: '' };

const toNumber = (value: string) => (value.trim() === '' ? Number.NaN : Number(value.replace(',', '.')));

export function toPlace(v: PlaceValues): PlaceInput {
  return {
    label: v.label,
    latitude: toNumber(v.latitude),
    longitude: toNumber(v.longitude),
    address: optional(v.address),
  };
}

/** The point the typed coordinates say, when they say one. */
function typedPoint(v: PlaceValues): GeoPoint | null {
  const latitude = toNumber(v.latitude);
  const longitude = toNumber(v.longitude);
  if (!Number.isFinite(latitude) || !Number.isFinite(longitude)) return null;
  if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return null;
  return { latitude, longitude };
}

const check = validateAs(placeSchema, toPlace);

function validate(values: PlaceValues): FormErrors {
  const errors = check(values);
  // A number the contract never sees: say which, in plain words.
  if (Number.isNaN(toNumber(values.latitude)))
    errors.latitude = 'Set the place on the map, or type a latitude';
  if (Number.isNaN(toNumber(values.longitude)))
    errors.longitude = 'Set the place on the map, or type a longitude';
  return errors;
}

function setPoint(form: UseFormReturnType<PlaceValues>, { latitude, longitude }: GeoPoint) {
  form.setValues({ latitude: String(latitude), longitude: String(longitude) });
  form.clearFieldError('latitude');
  form.clearFieldError('longitude');
}

/** "Use my location": the browser's position, when it will tell. */
function LocateButton({ onFound }: { onFound: (point: GeoPoint) => void }) {
  const [locating, setLocating] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const locate = () => {
    if (!('geolocation' in navigator)) {
      setProblem('This browser cannot tell where you are');
      return;
    }
    setLocating(true);
    setProblem(null);
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => {
        setLocating(false);
        onFound({
          latitude: Number(coords.latitude.toFixed(6)),
          longitude: Number(coords.longitude.toFixed(6)),
        });
      },
      (error) => {
        setLocating(false);
        setProblem(
          error.code === error.PERMISSION_DENIED
            ? 'Location permission was refused'
            : 'Your location could not be found',
        );
      },
      { enableHighAccuracy: true, timeout: 15_000 },
    );
  };
  return (
    <Group gap="sm">
      <Button variant="light" size="xs" onClick={locate} loading={locating}>
        Use my location
      </Button>
      {problem && (
        <Text size="xs" c="var(--easio-text-error)" role="alert">
          {problem}
        </Text>
      )}
    </Group>
  );
}

interface Props {
  initial: PlaceValues;
  submitLabel: string;
  submitting: boolean;
  onSubmit: (place: PlaceInput, form: UseFormReturnType<PlaceValues>) => void;
  onCancel: () => void;
}

/**
 * A place: found by name, or clicked on the map, or typed as coordinates (or the browser's position);
 * then a label and an optional address. Picking a town names the place after it while no label is typed.
 */
export function PlaceForm({ initial, submitLabel, submitting, onSubmit, onCancel }: Props) {
  const form = useForm<PlaceValues>({ initialValues: initial, validate });
  const point = typedPoint(form.values);
  return (
    <form noValidate onSubmit={form.onSubmit((values) => onSubmit(toPlace(values), form))}>
      <Stack gap="sm">
        <PlaceSearch
          onPick={(place) => {
            setPoint(form, place);
            if (form.values.label.trim() === '') form.setFieldValue('label', place.name);
          }}
        />
        <Suspense
          fallback={
            <Text size="sm" c="dimmed" ta="center" py="xl">
              Loading the map…
            </Text>
          }
        >
          <PickMap point={point} onPick={(picked) => setPoint(form, picked)} />
        </Suspense>
        <SimpleGrid cols={2}>
          <TextInput label="Latitude" inputMode="decimal" required {...form.getInputProps('latitude')} />
          <TextInput label="Longitude" inputMode="decimal" required {...form.getInputProps('longitude')} />
        </SimpleGrid>
        <LocateButton onFound={(found) => setPoint(form, found)} />
        <TextInput label="Label" required {...form.getInputProps('label')} />
        <TextInput label="Address" description="Optional" {...form.getInputProps('address')} />
        <DialogActions onCancel={onCancel} submitting={submitting} label={submitLabel} />
      </Stack>
    </form>
  );
}
