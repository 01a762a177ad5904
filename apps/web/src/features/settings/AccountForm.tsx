import {
  ADULT_AGE,
  ageOn,
  birthDateRule,
  editProfilePayloadSchema,
  MESSAGES,
  type SessionUser,
  type UserInfo,
} from '@easio/shared';
import {
  Button,
  Checkbox,
  Divider,
  Group,
  NativeSelect,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { type FormErrors, useForm } from '@mantine/form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { isApiError } from '../../api/api-error';
import { editProfile, requestSession } from '../../api/auth';
import { storeMe, useMe } from '../../api/queries';
import { NewPasswordInput } from '../../components/NewPasswordInput';
import { SecretInput } from '../../components/SecretInput';
import { UI } from '../../lib/glossary';
import { toastError, toastSuccess } from '../../lib/toast';
import { clearSession, setSession } from '../../state/session';
import { Appearance } from './Appearance';
import { type AccountFormValues, accountFormValues, profilePayload } from './profile-payload';
import { YourData } from './YourData';

const GENDER_OPTIONS = [
  { value: '', label: 'Prefer not to say' },
  { value: 'male', label: 'Male' },
  { value: 'female', label: 'Female' },
];

const checkPayload = zod4Resolver(editProfilePayloadSchema, { errorPriority: 'first' });

interface Saved {
  info: UserInfo;
  session: SessionUser | null;
  signInError: unknown;
}

function AccountFormFields({ info }: { info: UserInfo }) {
  const queryClient = useQueryClient();
  const form = useForm<AccountFormValues>({
    initialValues: accountFormValues(info),
    validate: (values): FormErrors => {
      const errors = checkPayload({ ...profilePayload(values, info) });
      if (values.current_password.trim() !== '' && values.hashed_password.trim() === '') {
        errors.hashed_password = MESSAGES.currentPasswordNeeded;
      }
      return errors;
    },
  });

  const save = useMutation({
    mutationFn: async (values: AccountFormValues): Promise<Saved> => {
      const payload = profilePayload(values, info);
      const saved = await editProfile(payload);
      // A new password retires every earlier token: sign in again with it.
      if (!payload.current_password) return { info: saved, session: null, signInError: null };
      try {
        return {
          info: saved,
          session: await requestSession(saved.email, payload.current_password.trim()),
          signInError: null,
        };
      } catch (error) {
        return { info: saved, session: null, signInError: error };
      }
    },
    onSuccess: ({ info: saved, session, signInError }) => {
      storeMe(queryClient, saved);
      form.setValues({ ...accountFormValues(saved) });
      form.resetDirty();
      toastSuccess('Profile saved');
      if (session) setSession(session);
      if (signInError) {
        toastError(signInError);
        clearSession();
      }
    },
    onError: (error) => {
      toastError(error);
      if (isApiError(error)) {
        for (const { path, message } of error.fieldErrors) {
          if (path in form.values) form.setFieldError(path, message);
        }
      }
    },
  });

  const submit = form.onSubmit((values) => {
    if (Object.keys(profilePayload(values, info)).length === 0) {
      toastSuccess('Nothing to save: no field has changed');
      return;
    }
    save.mutate(values);
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={2} size="h3">
            My Account
          </Title>
          <Text c="dimmed" size="sm">
            Your profile and your password.
          </Text>
        </Stack>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="Full Name" autoComplete="name" {...form.getInputProps('first_name')} />
          <TextInput label={UI.username} autoComplete="username" {...form.getInputProps('username')} />
          <TextInput label={UI.email} type="email" autoComplete="email" {...form.getInputProps('email')} />
          <NativeSelect label="Gender" data={GENDER_OPTIONS} {...form.getInputProps('gender')} />
          <TextInput
            label="Date of Birth"
            type="date"
            max={new Date().toISOString().slice(0, 10)}
            autoComplete="bday"
            {...form.getInputProps('dob')}
          />
        </SimpleGrid>
        {isMinor(form.values.dob) && (
          <Checkbox
            label="I am this person's parent or guardian, and I consent to their use of Easio"
            {...form.getInputProps('guardian_consent', { type: 'checkbox' })}
          />
        )}
        <Divider label="Change password" labelPosition="left" />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {!info.google_only && (
            <SecretInput
              label="Current Password"
              autoComplete="current-password"
              {...form.getInputProps('hashed_password')}
            />
          )}
          <NewPasswordInput
            label="New Password"
            hint={
              info.google_only
                ? 'You sign in with Google: set a password to sign in with your e-mail too'
                : 'Leave empty to keep your password'
            }
            checklistWhenEmpty={false}
            {...form.getInputProps('current_password')}
          />
        </SimpleGrid>
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending}>
            Save Changes
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** /settings: the account form (spec section 2), prefilled from the user info. */
/** A complete date of birth that makes its owner younger than 18. */
const isMinor = (dob: string) => birthDateRule.safeParse(dob).success && ageOn(dob) < ADULT_AGE;

export function AccountForm() {
  const me = useMe();
  return me.data ? (
    <Stack gap="xl">
      <AccountFormFields key={me.data.id} info={me.data} />
      <Appearance />
      <YourData />
    </Stack>
  ) : null;
}
