import { isHighConfidence } from '@easio/shared';
import {
  Alert,
  Button,
  Group,
  Loader,
  Paper,
  Skeleton,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { errorMessage } from '../../api/error-message';
import { generationText } from './generation-text';
import { useAcceptAllSure, useGenerateNow, useGenerationStatus, useRecommendations } from './queries';
import { RecommendationCard } from './RecommendationCard';

export const PANEL_ID = 'filing-suggestions';

/**
 * The review of filing suggestions: generate now, accept the sure ones at once, or review each.
 * `embedded`: inside a sheet that carries the title already.
 */
export function RecommendationsPanel({ embedded = false }: { embedded?: boolean }) {
  const list = useRecommendations();
  const status = useGenerationStatus();
  const generate = useGenerateNow();
  const acceptAll = useAcceptAllSure();
  const recs = list.data ?? [];
  const sure = recs.filter(isHighConfidence);
  const running = status.data?.state === 'queued' || status.data?.state === 'running';
  const line = generationText(status.data);

  return (
    <Paper
      id={PANEL_ID}
      withBorder={!embedded}
      radius="md"
      p={embedded ? 0 : 'md'}
      component="section"
      aria-labelledby={`${PANEL_ID}-title`}
    >
      <Stack gap="sm">
        <Stack gap="xs">
          <Stack gap={0}>
            {embedded ? (
              <VisuallyHidden component="h2" id={`${PANEL_ID}-title`}>
                Filing suggestions
              </VisuallyHidden>
            ) : (
              <Title order={2} size="h4" id={`${PANEL_ID}-title`}>
                Filing suggestions
              </Title>
            )}
            <Text size="sm" c="dimmed">
              Easio learns from how you file. Accept a suggestion as it is, change its names, or take items
              out.
            </Text>
          </Stack>
          <Group gap="xs">
            {sure.length > 0 && (
              <Button variant="light" loading={acceptAll.isPending} onClick={() => acceptAll.mutate(sure)}>
                Accept all sure ones ({sure.length})
              </Button>
            )}
            <Button
              variant="default"
              loading={generate.isPending}
              disabled={running}
              onClick={() => generate.mutate()}
            >
              Generate now
            </Button>
          </Group>
        </Stack>
        <Group gap="xs" aria-live="polite" mih={20}>
          {running && <Loader size="xs" />}
          {line && (
            <Text size="sm" c={status.data?.state === 'failed' ? 'red' : 'dimmed'}>
              {line}
            </Text>
          )}
        </Group>
        {list.isPending ? (
          <Skeleton h={120} />
        ) : list.isError ? (
          <Alert color="red" title="Suggestions could not be loaded">
            {errorMessage(list.error)}
          </Alert>
        ) : recs.length === 0 ? (
          <Text size="sm" c="dimmed">
            No suggestions right now. New items on your desk are looked at by themselves; choose Generate now
            to look at once.
          </Text>
        ) : (
          <Stack gap="sm">
            {recs.map((rec) => (
              <RecommendationCard key={rec.id} rec={rec} />
            ))}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
