import { type Services, servicesSchema } from '@easio/shared';
import { Checkbox, Fieldset, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { UI } from '../../lib/glossary';
import { localStore } from '../../state/storage';

const CHOICES: { key: keyof Services; label: string; description: string }[] = [
  { key: 'google_service', label: 'Google Drive', description: 'Files and folders from your drive' },
  { key: 'dropbox_service', label: UI.dropbox, description: 'Files from your Dropbox' },
  {
    key: 'extension_service',
    label: 'Extension',
    description: 'Pages, notes and places you save while browsing',
  },
  { key: 'whatsapp_service', label: 'WhatsApp', description: 'Files and links sent to your Easio number' },
];

interface Props {
  formId: string;
  initial: Services;
  onDone: (services: Services) => void;
}

/** Step 2, Create Profile: which services to link; the choice is kept under `service`. */
export function ServicesStep({ formId, initial, onDone }: Props) {
  const form = useForm<Services>({
    initialValues: initial,
    validate: zod4Resolver(servicesSchema),
    onValuesChange: (values) => localStore.set('service', values),
  });
  const error = form.errors.services;

  return (
    <form id={formId} onSubmit={form.onSubmit(onDone)} noValidate>
      <Fieldset legend="Choose the services to link" variant="unstyled">
        <Stack gap="md">
          <Text size="sm" c="dimmed" id="services-hint">
            Select at least 1 and up to 3 services
          </Text>
          {CHOICES.map((choice) => (
            <Checkbox
              key={choice.key}
              label={choice.label}
              description={choice.description}
              {...form.getInputProps(choice.key, { type: 'checkbox' })}
              error={Boolean(error)}
              onChange={(event) => {
                form.setFieldValue(choice.key, event.currentTarget.checked);
                form.clearFieldError('services');
              }}
            />
          ))}
          {error && (
            <Text size="sm" c="red" role="alert">
              {error}
            </Text>
          )}
        </Stack>
      </Fieldset>
    </form>
  );
}
