import { Button, Flex, Group, Paper, Spoiler, Stack, Text, Title } from '@mantine/core';
import { useEffect, useId, useRef, useState } from 'react';
import { ObjectIcon } from '../../components/ObjectIcon';
import { useIsPhone } from '../../lib/use-is-phone';
import { plannedView } from './planned-view';
import { Skipped } from './Skipped';
import type { SharePlan, ShareStep } from './shared-items';

const WRAP = { overflowWrap: 'anywhere' } as const;
/** A note's words, set apart from the address above them. */
const QUOTED = {
  ...WRAP,
  whiteSpace: 'pre-wrap',
  borderLeft: '3px solid var(--mantine-color-default-border)',
  paddingLeft: 'var(--mantine-spacing-xs)',
} as const;

/**
 * What arrived, before anything is sent: each link with its address and title, each note's text, each
 * file's name, type and size, and what will be skipped and why. The person removes what they do not
 * want, then saves the rest to the desk or discards the whole share.
 */
export function SharePreview({
  plan,
  onSave,
  onDiscard,
}: {
  plan: SharePlan;
  onSave: (chosen: ShareStep[]) => void;
  onDiscard: () => void;
}) {
  const headingId = useId();
  const phone = useIsPhone();
  const [removed, setRemoved] = useState<ReadonlySet<number>>(new Set());
  const kept = plan.steps.map((step, index) => ({ step, index })).filter(({ index }) => !removed.has(index));

  // A removed item's button goes with it: focus moves to the next one's (or the previous, or Put back).
  const buttons = useRef(new Map<number, HTMLButtonElement>());
  const putBack = useRef<HTMLButtonElement>(null);
  const focusNext = useRef<number | 'put-back' | null>(null);
  useEffect(() => {
    const next = focusNext.current;
    focusNext.current = null;
    if (next === 'put-back') putBack.current?.focus();
    else if (next !== null) buttons.current.get(next)?.focus();
  });
  const remove = (position: number) => {
    const index = kept[position]?.index;
    if (index === undefined) return;
    focusNext.current = kept[position + 1]?.index ?? kept[position - 1]?.index ?? 'put-back';
    setRemoved(new Set([...removed, index]));
  };

  const size = phone ? 'md' : 'sm';
  return (
    <Paper withBorder radius="lg" p="md">
      <Stack gap="md">
        <div>
          <Title order={2} size="h4" id={headingId}>
            What you shared
          </Title>
          <Text size="sm" c="dimmed">
            Nothing is on your desk yet. Check what arrived, remove what you do not want, then save.
          </Text>
        </div>
        {kept.length > 0 ? (
          <Stack component="ul" aria-labelledby={headingId} gap={0} m={0} p={0} style={{ listStyle: 'none' }}>
            {kept.map(({ step, index }, position) => {
              const view = plannedView(step);
              return (
                <Group
                  key={index}
                  component="li"
                  wrap="nowrap"
                  align="flex-start"
                  gap="sm"
                  py="sm"
                  style={position > 0 ? { borderTop: '1px solid var(--mantine-color-default-border)' } : {}}
                >
                  <ObjectIcon object={view.icon} size={36} />
                  <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
                    <Group justify="space-between" wrap="nowrap" gap="xs">
                      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
                        {view.kind}
                      </Text>
                      <Button
                        ref={(button) => {
                          if (button) buttons.current.set(index, button);
                          else buttons.current.delete(index);
                        }}
                        variant="subtle"
                        color="gray"
                        size={phone ? 'sm' : 'xs'}
                        aria-label={`Remove ${view.name ?? step.label}`}
                        onClick={() => remove(position)}
                      >
                        Remove
                      </Button>
                    </Group>
                    {view.name && (
                      <Text fw={600} style={WRAP}>
                        {view.name}
                      </Text>
                    )}
                    {view.address && (
                      <Text size="sm" style={WRAP}>
                        {view.address}
                      </Text>
                    )}
                    {view.text && (
                      <Spoiler maxHeight={96} showLabel="Show all" hideLabel="Show less">
                        <Text size="sm" style={QUOTED}>
                          {view.text}
                        </Text>
                      </Spoiler>
                    )}
                    {view.file && (
                      <Text size="sm" c="dimmed" style={WRAP}>
                        {view.file}
                      </Text>
                    )}
                  </Stack>
                </Group>
              );
            })}
          </Stack>
        ) : (
          <Text>You removed everything. Put it back to save it, or discard this share.</Text>
        )}
        {removed.size > 0 && (
          <Button
            ref={putBack}
            variant="subtle"
            size={phone ? 'sm' : 'xs'}
            style={{ alignSelf: 'flex-start' }}
            onClick={() => setRemoved(new Set())}
          >
            Put back what you removed ({removed.size})
          </Button>
        )}
        <Skipped skipped={plan.skipped} />
        <Flex direction={phone ? 'column' : 'row'} gap="sm">
          <Button
            size={size}
            disabled={kept.length === 0}
            onClick={() => onSave(kept.map(({ step }) => step))}
          >
            Save to my desk
          </Button>
          <Button size={size} variant="default" onClick={onDiscard}>
            Discard
          </Button>
        </Flex>
      </Stack>
    </Paper>
  );
}
