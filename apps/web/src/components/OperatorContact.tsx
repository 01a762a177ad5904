import { Anchor, List, Skeleton, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { usePublicConfig } from '../api/queries';

/**
 * How to reach the people who run this server about personal data (PRIVACY_* on the server), or, when
 * they published nothing, the rights a person uses in the app itself. Used by the privacy notice, Help
 * and the landing page, so all three say the same.
 */
export function OperatorContact({ size = 'md' }: { size?: 'sm' | 'md' }) {
  const { data, isPending } = usePublicConfig();
  if (isPending) return <Skeleton height={40} radius="sm" />;
  const privacy = data?.privacy;
  const published = privacy && (privacy.contact_email || privacy.postal_address || privacy.request_url);
  if (!published) {
    return (
      <Stack gap={4}>
        <Text size={size}>
          The people who run this Easio server have not published a contact address. You can use your rights
          in the app itself:
        </Text>
        <List size={size} spacing={2}>
          <List.Item>
            see and correct your details in{' '}
            <Anchor component={Link} to="/settings" underline="always">
              Settings › My Account
            </Anchor>
            ;
          </List.Item>
          <List.Item>
            download everything Easio holds about you, or delete your account and all of it, in{' '}
            <Anchor component={Link} to="/settings" underline="always">
              Settings › Your data
            </Anchor>
            .
          </List.Item>
        </List>
      </Stack>
    );
  }
  return (
    <Stack gap={4}>
      {privacy.contact_email && (
        <Text size={size}>
          E-mail:{' '}
          <Anchor href={`mailto:${privacy.contact_email}`} underline="always">
            {privacy.contact_email}
          </Anchor>
        </Text>
      )}
      {privacy.postal_address && (
        <Text size={size} style={{ whiteSpace: 'pre-line' }}>
          Post: {privacy.postal_address}
        </Text>
      )}
      {privacy.request_url && (
        <Text size={size}>
          <Anchor href={privacy.request_url} target="_blank" rel="noopener noreferrer" underline="always">
            Submit a request about your data
          </Anchor>
        </Text>
      )}
    </Stack>
  );
}
