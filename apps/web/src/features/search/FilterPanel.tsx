import { SEARCH_KINDS, SOURCES } from '@easio/shared';
import { Button, Checkbox, Group, Radio, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { DATE_CHOICES, type DateChoice, dateProblem, EMPTY_FILTER, type FilterValues } from './filter-form';
import { KIND_FILTERS, SOURCE_FILTERS } from './labels';

const picked = <T extends string>(all: readonly T[], values: readonly string[]): T[] =>
  all.filter((value) => values.includes(value));

/** The advanced filter popup's form: sources, kinds, a date preset or a custom span, and Apply. */
export function FilterPanel({
  initial,
  onApply,
}: {
  initial: FilterValues;
  onApply: (values: FilterValues) => void;
}) {
  const [values, setValues] = useState(initial);
  const problem = dateProblem(values);
  const set = (changes: Partial<FilterValues>) => setValues((current) => ({ ...current, ...changes }));
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (!problem) onApply(values);
      }}
    >
      <Stack gap="md">
        <Checkbox.Group
          label="Source"
          value={values.sources}
          onChange={(list) => set({ sources: picked(SOURCES, list) })}
        >
          <SimpleGrid cols={2} spacing="xs" verticalSpacing={8} mt={8}>
            {SOURCE_FILTERS.map((source) => (
              <Checkbox key={source.value} value={source.value} label={source.label} size="xs" />
            ))}
          </SimpleGrid>
        </Checkbox.Group>
        <Checkbox.Group
          label="Kind"
          value={values.kinds}
          onChange={(list) => set({ kinds: picked(SEARCH_KINDS, list) })}
        >
          <SimpleGrid cols={3} spacing="xs" verticalSpacing={8} mt={8}>
            {KIND_FILTERS.map((kind) => (
              <Checkbox key={kind.value} value={kind.value} label={kind.label} size="xs" />
            ))}
          </SimpleGrid>
        </Checkbox.Group>
        <Radio.Group
          label="Date"
          value={values.date}
          onChange={(value) => {
            const choice = DATE_CHOICES.find((c) => c.value === value);
            if (choice) set({ date: choice.value satisfies DateChoice });
          }}
        >
          <Group gap="sm" mt={8}>
            {DATE_CHOICES.map((choice) => (
              <Radio key={choice.value} value={choice.value} label={choice.label} size="xs" />
            ))}
          </Group>
        </Radio.Group>
        {values.date === 'custom' && (
          <Group grow align="flex-start">
            <TextInput
              type="date"
              label="From"
              size="xs"
              value={values.from}
              max={values.to || undefined}
              onChange={(event) => set({ from: event.currentTarget.value })}
              error={problem?.from}
            />
            <TextInput
              type="date"
              label="To"
              size="xs"
              value={values.to}
              min={values.from || undefined}
              onChange={(event) => set({ to: event.currentTarget.value })}
              error={problem?.to}
            />
          </Group>
        )}
        <Group justify="space-between">
          <Button variant="subtle" color="gray" size="xs" onClick={() => setValues(EMPTY_FILTER)}>
            Clear
          </Button>
          <Button type="submit" size="xs">
            Apply
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
