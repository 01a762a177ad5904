import { Anchor, Group } from '@mantine/core';
import { Link } from 'react-router';
import { usePublicConfig } from '../../api/queries';

/** Below the sign-in form: the way back in for a forgotten password, and for an unconfirmed address. */
export function AccountHelpLinks() {
  const mail = usePublicConfig().data?.mail;
  return (
    <Group justify="space-between" gap="xs">
      <Anchor component={Link} to="/forgot-password" size="sm">
        Forgot password?
      </Anchor>
      {mail?.require_verified_email && (
        <Anchor component={Link} to="/verify-email" size="sm">
          Send the confirmation link again
        </Anchor>
      )}
    </Group>
  );
}
