import { RECOMMENDATION_NAME_MAX } from '@easio/shared';
import { Chip, Group, Stack, TextInput } from '@mantine/core';

interface Props {
  label: string;
  options: string[];
  value: string;
  onChange: (value: string) => void;
  error?: string | null;
}

/** The engine's names as chips, and a box holding the chosen name: pick a chip, or type a new name. */
export function NameChooser({ label, options, value, onChange, error }: Props) {
  return (
    <Stack gap={6}>
      <TextInput
        size="sm"
        label={label}
        description={options.length > 0 ? 'Pick a suggestion or type a new name' : 'Type a name'}
        value={value}
        maxLength={RECOMMENDATION_NAME_MAX}
        onChange={(event) => onChange(event.currentTarget.value)}
        error={error}
      />
      {options.length > 0 && (
        <Chip.Group value={value} onChange={(v) => typeof v === 'string' && onChange(v)}>
          <Group gap={6} role="radiogroup" aria-label={`Suggested ${label.toLowerCase()} names`}>
            {options.map((option) => (
              <Chip key={option} value={option} size="xs" radius="xl" variant="outline">
                {option}
              </Chip>
            ))}
          </Group>
        </Chip.Group>
      )}
    </Stack>
  );
}
