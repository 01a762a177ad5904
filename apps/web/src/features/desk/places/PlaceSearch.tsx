import type { PlaceMatch } from '@easio/shared';
import { Combobox, Loader, Text, TextInput, useCombobox } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../../../api/error-message';
import { searchPlaces } from './api';

/** "Paris, TX, United States" */
export const placeTitle = (p: PlaceMatch) => [p.name, p.region, p.country].filter(Boolean).join(', ');

const people = new Intl.NumberFormat(undefined, { notation: 'compact', maximumFractionDigits: 1 });

/** A place found by name as typed (towns of 1,000 people or more, searched on the server's own data). */
export function PlaceSearch({ onPick }: { onPick: (place: PlaceMatch) => void }) {
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const [text, setText] = useState('');
  const [typed] = useDebouncedValue(text.trim(), 250);
  const enabled = typed.length >= 2;
  const query = useQuery({
    queryKey: ['places', typed],
    queryFn: ({ signal }) => searchPlaces(typed, signal),
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
    placeholderData: keepPreviousData,
  });
  const places = enabled ? (query.data?.places ?? []) : [];
  const searching = enabled && query.isFetching;

  return (
    <Combobox
      store={combobox}
      onOptionSubmit={(value) => {
        const place = places[Number(value)];
        if (!place) return;
        onPick(place);
        setText(placeTitle(place));
        combobox.closeDropdown();
      }}
    >
      <Combobox.Target>
        <TextInput
          label="Find a place by name"
          placeholder="A town or city, e.g. Lyon"
          description="Place names from GeoNames (towns of 1,000 people or more)"
          value={text}
          onChange={(event) => {
            setText(event.currentTarget.value);
            combobox.openDropdown();
            combobox.updateSelectedOptionIndex();
          }}
          onFocus={() => combobox.openDropdown()}
          onBlur={() => combobox.closeDropdown()}
          rightSection={searching ? <Loader size={14} aria-hidden /> : null}
          // While the list is open, Escape closes the list, not the dialog.
          data-autofocus
          data-mantine-stop-propagation={combobox.dropdownOpened ? 'true' : undefined}
        />
      </Combobox.Target>
      <Combobox.Dropdown hidden={!enabled}>
        <Combobox.Options aria-label="Places">
          {places.length === 0 ? (
            <Combobox.Empty>
              {query.isError ? errorMessage(query.error) : searching ? 'Searching…' : 'No town of that name'}
            </Combobox.Empty>
          ) : (
            places.map((place, i) => (
              <Combobox.Option value={String(i)} key={`${place.name}:${place.latitude}:${place.longitude}`}>
                <Text size="sm">{place.name}</Text>
                <Text size="xs" c="dimmed">
                  {[place.region, place.country].filter(Boolean).join(', ')} ·{' '}
                  {people.format(place.population)} people
                </Text>
              </Combobox.Option>
            ))
          )}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
