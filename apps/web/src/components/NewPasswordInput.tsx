import type { PasswordInputProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { PasswordChecklist } from './PasswordChecklist';
import { SecretInput } from './SecretInput';

/**
 * A box that sets a password (sign-up, a password change): the rule's live checklist sits under it as
 * its description, so a screen reader hears the checklist with the box. `hint` comes first; with
 * `checklistWhenEmpty={false}` the checklist waits for the first character (an empty box there means
 * "keep the password").
 */
export function NewPasswordInput({
  hint,
  checklistWhenEmpty = true,
  ...props
}: PasswordInputProps & { hint?: ReactNode; checklistWhenEmpty?: boolean }) {
  const password = typeof props.value === 'string' ? props.value : '';
  const showChecklist = checklistWhenEmpty || password !== '';
  const description =
    hint || showChecklist ? (
      <>
        {hint}
        {showChecklist && <PasswordChecklist password={password} />}
      </>
    ) : undefined;
  return (
    <SecretInput
      autoComplete="new-password"
      inputWrapperOrder={['label', 'input', 'error', 'description']}
      description={description}
      // The checklist is a list, which a paragraph may not hold.
      descriptionProps={{ component: 'div' } as PasswordInputProps['descriptionProps']}
      {...props}
    />
  );
}
