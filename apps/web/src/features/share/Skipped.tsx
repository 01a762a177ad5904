import { List } from '@mantine/core';
import type { SharePlan } from './shared-items';

/** What was shared but cannot be saved, each with the reason. */
export function Skipped({ skipped }: { skipped: SharePlan['skipped'] }) {
  if (skipped.length === 0) return null;
  return (
    <List spacing="xs" size="sm">
      {skipped.map((s) => (
        <List.Item key={`${s.label}:${s.reason}`} style={{ overflowWrap: 'anywhere' }}>
          {s.label}: not saved. {s.reason}
        </List.Item>
      ))}
    </List>
  );
}
