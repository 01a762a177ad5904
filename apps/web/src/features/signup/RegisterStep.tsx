import {
  AGE_CONFIRMATIONS,
  type SessionUser,
  type SignupForm,
  signupFormSchema,
  signupPayloadFromForm,
  TOAST_MS,
} from '@easio/shared';
import {
  Alert,
  Anchor,
  Button,
  Divider,
  Group,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useEffect, useRef } from 'react';
import { Link, useNavigate } from 'react-router';
import { z } from 'zod';
import { isApiError } from '../../api/api-error';
import { fetchCountryGuess, requestSession, signup } from '../../api/auth';
import { NewPasswordInput } from '../../components/NewPasswordInput';
import { SecretInput } from '../../components/SecretInput';
import { UI } from '../../lib/glossary';
import { guessRegion, REGION_OPTIONS } from '../../lib/region';
import { toastError } from '../../lib/toast';
import { localStore } from '../../state/storage';
import { GoogleSignInLink } from '../auth/ProviderLinks';

export const REGISTER_MUTATION = ['signup', 'register'] as const;

const AGE_CHOICE = z.enum(AGE_CONFIRMATIONS);

/** Server field names that differ from the form's. */
const FORM_FIELD: Record<string, keyof SignupForm> = { hashed_password: 'password' };

interface Props {
  formId: string;
  tempUser: SessionUser | null;
  onDone: (session: SessionUser) => void;
  /** Forgets the account an earlier visit registered, to register another. */
  onStartOver: () => void;
}

/**
 * Step 1, Register: creates the account, signs in with it to get a token, and keeps that session under
 * `tempUser` until the wizard finishes.
 */
export function RegisterStep({ formId, tempUser, onDone, onStartOver }: Props) {
  const form = useForm<SignupForm>({
    initialValues: {
      username: '',
      email: '',
      region: '',
      password: '',
      confirm_password: '',
      age_confirmation: '',
    },
    validate: zod4Resolver(signupFormSchema, { errorPriority: 'first' }),
  });
  // If the account was created but signing in failed, a retry with the same details only signs in.
  const created = useRef<string | null>(null);
  const navigate = useNavigate();
  const ageRef = useRef<HTMLDivElement>(null);

  // The country preselected: the server's guess from the visitor's address (no outside service is
  // called), else the browser's language region; a failed lookup is logged and leaves it unset. A
  // country the visitor already chose is never replaced.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the form first shows.
  useEffect(() => {
    let current = true;
    fetchCountryGuess()
      .then(({ country }) => {
        const region = country ?? guessRegion(navigator.languages);
        if (current && region && !form.isTouched('region') && form.getValues().region === '') {
          form.setFieldValue('region', region);
        }
      })
      .catch((error: unknown) => console.error('Could not guess your country', error));
    return () => {
      current = false;
    };
  }, []);

  const register = useMutation({
    mutationKey: REGISTER_MUTATION,
    mutationFn: async (values: SignupForm) => {
      const parsed = signupFormSchema.parse(values);
      const key = JSON.stringify([parsed.username, parsed.email, parsed.password]);
      if (created.current !== key) {
        await signup(signupPayloadFromForm(parsed));
        created.current = key;
      }
      return requestSession(parsed.email, parsed.password);
    },
    onSuccess: (session) => {
      localStore.set('tempUser', session);
      onDone(session);
    },
    onError: (error) => {
      // The server signs nobody in before their address is confirmed (REQUIRE_VERIFIED_EMAIL): the link is on its way.
      if (isApiError(error, 403)) return navigate('/verify-email');
      toastError(error, TOAST_MS.signup);
      if (isApiError(error)) {
        for (const { path, message } of error.fieldErrors) {
          const field = FORM_FIELD[path] ?? path;
          if (field in form.values) form.setFieldError(field, message);
        }
      }
    },
  });

  if (tempUser) {
    return (
      <form
        id={formId}
        onSubmit={(event) => {
          event.preventDefault();
          onDone(tempUser);
        }}
      >
        <Alert color="teal" title="Your account is ready">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">
              You are registered as {tempUser.email}. Continue with the next step to choose your services.
            </Text>
            <Button variant="subtle" size="compact-sm" onClick={onStartOver}>
              Not you? Start again
            </Button>
          </Stack>
        </Alert>
      </form>
    );
  }

  return (
    <Stack gap="lg">
      <form id={formId} onSubmit={form.onSubmit((values) => register.mutate(values))} noValidate>
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="Username" autoComplete="username" {...form.getInputProps('username')} />
            <TextInput label="Email" type="email" autoComplete="email" {...form.getInputProps('email')} />
          </SimpleGrid>
          <Select
            label="Region"
            placeholder="Search your country"
            data={REGION_OPTIONS}
            searchable
            clearable
            nothingFoundMessage="No country matches"
            // Mount the options only while open, so 'Region' labels one element: the box itself.
            comboboxProps={{ keepMounted: false }}
            value={form.values.region || null}
            onChange={(value) => form.setFieldValue('region', value ?? '')}
            error={form.errors.region}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <NewPasswordInput label="Password" {...form.getInputProps('password')} />
            <SecretInput
              label="Confirm password"
              autoComplete="new-password"
              {...form.getInputProps('confirm_password')}
            />
          </SimpleGrid>
          <Radio.Group
            ref={ageRef}
            label="Your age"
            description={
              <>
                Easio is for people of 18 and over; a parent or guardian may consent for a minor (
                <Anchor component={Link} to="/privacy#infominors" size="xs" underline="always">
                  privacy notice
                </Anchor>
                ).
              </>
            }
            {...form.getInputProps('age_confirmation')}
          >
            <Stack gap="xs" mt="xs">
              <Radio value="adult" label="I am 18 or over" />
              <Radio
                value="guardian"
                label="I am a parent or guardian, and I consent to a minor's use of Easio"
              />
            </Stack>
          </Radio.Group>
        </Stack>
      </form>

      <Divider label="or sign up with" labelPosition="center" />
      <Stack gap="xs">
        <GoogleSignInLink
          redirectPath="signup"
          label={UI.signUpWithGoogle}
          ageConfirmation={AGE_CHOICE.safeParse(form.values.age_confirmation).data}
          onAgeMissing={() => {
            form.validateField('age_confirmation');
            ageRef.current?.querySelector('input')?.focus();
          }}
        />
        <Group grow>
          <Button variant="default" disabled>
            Sign up with Facebook
          </Button>
          <Button variant="default" disabled>
            Sign up with LinkedIn
          </Button>
        </Group>
        <Text size="xs" c="dimmed" ta="center">
          Only Google sign-in is available
        </Text>
      </Stack>
    </Stack>
  );
}
