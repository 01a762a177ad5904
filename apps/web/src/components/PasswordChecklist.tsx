import { checkPassword, type PasswordCheck } from '@easio/shared';
import { CheckIcon, List, Stack, Text, VisuallyHidden } from '@mantine/core';
import classes from './PasswordChecklist.module.css';

function Item({ check }: { check: PasswordCheck }) {
  return (
    <List.Item
      className={classes.item}
      data-met={check.met || undefined}
      icon={
        <span className={classes.mark} aria-hidden="true">
          {check.met ? <CheckIcon size={10} /> : null}
        </span>
      }
    >
      {check.label}
      <VisuallyHidden>{check.met ? ' (done)' : ' (not yet)'}</VisuallyHidden>
    </List.Item>
  );
}

/**
 * The password rule as a checklist that follows what is typed (the rule and its words come from
 * @easio/shared, as the server's check does). A polite status says once when the password becomes
 * strong enough, rather than reading out every keystroke.
 */
export function PasswordChecklist({ password }: { password: string }) {
  const result = checkPassword(password);
  return (
    <Stack gap={4} className={classes.checklist}>
      <Text size="xs" fw={600}>
        Your password needs
      </Text>
      <List size="xs" spacing={2} center>
        <Item check={result.passphrase} />
      </List>
      <Text size="xs" c="dimmed">
        or else all of
      </Text>
      <List size="xs" spacing={2} center>
        {result.mixed.map((check) => (
          <Item key={check.id} check={check} />
        ))}
      </List>
      <div role="status" aria-live="polite" className={classes.status}>
        {result.ok ? 'Your password meets the rule' : ''}
      </div>
    </Stack>
  );
}
