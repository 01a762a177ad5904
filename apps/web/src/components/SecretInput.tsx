import { PasswordInput, type PasswordInputProps } from '@mantine/core';

/**
 * A password box whose show/hide toggle is named without the word "password", so the field's own label
 * is the only "Password" on the page for assistive technology and for tests.
 */
export function SecretInput(props: PasswordInputProps) {
  return <PasswordInput visibilityToggleButtonProps={{ 'aria-label': 'Show characters' }} {...props} />;
}
