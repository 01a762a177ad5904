import {
  findCountry,
  MESSAGES,
  phoneNumberRule,
  SAVE_WHATSAPP_MUTATION,
  type UserInfo,
  userInfoSchema,
} from '@easio/shared';
import { Badge, Button, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { z } from 'zod';
import type { Auth } from '../../api/client';
import { errorMessage } from '../../api/error-message';
import { graphqlRequest } from '../../api/graphql';
import { guessRegion, REGION_OPTIONS } from '../../lib/region';

const savedAnswer = z.object({ update_users_by_pk: userInfoSchema.nullable() });

const digitsOf = (dialCode: string) => dialCode.replace(/\D/g, '');

/** The number as stored (country code and number, digits only) split back for display. */
function localPart(stored: string, region: string | null | undefined): string {
  const code = digitsOf(findCountry(region)?.dial_code ?? '');
  return code && stored.startsWith(code) ? stored.slice(code.length) : stored;
}

export interface WhatsappNumberBoxProps {
  /** The account whose number this is; without it the box can only say so. */
  userId: string | null | undefined;
  auth?: Auth;
  /** The account's country, first chosen (else a guess from the browser's language). */
  region: string | null | undefined;
  /** What the account already has: a saved, active number shows locked. */
  saved?: Pick<UserInfo, 'phone_number' | 'whatsapp_active'> | null;
  onSaved?: (info: UserInfo) => void;
}

/**
 * The WhatsApp number box (spec sections 4 and 7): a country dial code and the number, required and
 * digits only (more than 7); saving sets the number, `whatsapp_active` and the country on the account
 * through GraphQL, then the box locks and reads 'connected'.
 */
export function WhatsappNumberBox({
  userId,
  auth = 'session',
  region,
  saved,
  onSaved,
}: WhatsappNumberBoxProps) {
  const [country, setCountry] = useState<string | null>(() => {
    const first = region || guessRegion(navigator.languages);
    return findCountry(first) ? first : null;
  });
  const [number, setNumber] = useState(saved?.phone_number ? localPart(saved.phone_number, region) : '');
  const [problem, setProblem] = useState<string | null>(null);
  const [editing, setEditing] = useState(!(saved?.whatsapp_active && saved.phone_number));
  const [connected, setConnected] = useState(
    saved?.phone_number && saved.whatsapp_active ? saved.phone_number : null,
  );

  const save = useMutation({
    mutationFn: async (variables: { id: string; phone_number: string; region: string }) => {
      const answer = await graphqlRequest(SAVE_WHATSAPP_MUTATION, variables, savedAnswer, { auth });
      if (!answer.update_users_by_pk) throw new Error('Your account could not be found: sign in again');
      return answer.update_users_by_pk;
    },
    onSuccess: (info) => {
      setConnected(info.phone_number);
      setEditing(false);
      onSaved?.(info);
    },
    onError: (error) => setProblem(errorMessage(error)),
  });

  const submit = () => {
    const typed = phoneNumberRule.safeParse(number);
    if (!typed.success) {
      setProblem(typed.error.issues[0]?.message ?? MESSAGES.phoneInvalid);
      return;
    }
    const dial = findCountry(country)?.dial_code;
    if (!country || !dial) {
      setProblem('Choose the country of this number');
      return;
    }
    if (!userId) {
      setProblem('Your account could not be found: sign in again');
      return;
    }
    const full = `${digitsOf(dial)}${typed.data}`;
    if (!phoneNumberRule.safeParse(full).success) {
      setProblem(MESSAGES.phoneInvalid);
      return;
    }
    setProblem(null);
    save.mutate({ id: userId, phone_number: full, region: country });
  };

  if (!editing && connected) {
    const dial = findCountry(country)?.dial_code ?? '';
    return (
      <Group gap="sm" wrap="wrap" role="group" aria-label="WhatsApp">
        <TextInput
          label="WhatsApp number"
          value={`${dial} ${localPart(connected, country)}`.trim()}
          readOnly
          disabled
          w={220}
        />
        <Badge color="teal" variant="light" mt={24}>
          connected
        </Badge>
        <Button variant="subtle" mt={24} onClick={() => setEditing(true)}>
          Change number
        </Button>
      </Group>
    );
  }

  return (
    <form
      aria-label="WhatsApp"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Stack gap="xs">
        <Group gap="sm" align="flex-start" wrap="wrap">
          <Select
            label="Country code"
            data={REGION_OPTIONS}
            value={country}
            onChange={setCountry}
            searchable
            nothingFoundMessage="No such country"
            w={240}
            allowDeselect={false}
          />
          <TextInput
            label="WhatsApp number"
            inputMode="numeric"
            autoComplete="tel-national"
            value={number}
            onChange={(event) => {
              setNumber(event.currentTarget.value);
              setProblem(null);
            }}
            error={problem}
            w={220}
          />
          <Button type="submit" mt={24} loading={save.isPending}>
            Save
          </Button>
        </Group>
        <Text size="xs" c="dimmed">
          What you send from this number to Easio's WhatsApp number lands on your desk.
        </Text>
      </Stack>
    </form>
  );
}
