import { isHighConfidence, RECOMMENDATION_TAGS_MAX, type Recommendation } from '@easio/shared';
import { Badge, Button, Card, Group, Stack, TagsInput, Text } from '@mantine/core';
import { useState } from 'react';
import { plural } from '../../lib/plural';
import { ItemToggle } from './ItemToggle';
import { NameChooser } from './NameChooser';
import { useAcceptRecommendation, useDismissRecommendation } from './queries';
import { acceptPayload, initialDraft, keptIds, setTags, toggleItem } from './review-draft';

function confidenceLabel(rec: Recommendation): string {
  if (rec.binder_id) return 'Fits a binder you have';
  return isHighConfidence(rec) ? 'New binder, closely alike' : 'New binder';
}

/** One suggestion: where its items would go (editable), which of them go, and accept or dismiss. */
export function RecommendationCard({ rec }: { rec: Recommendation }) {
  const [draft, setDraft] = useState(() => initialDraft(rec));
  const [showProblem, setShowProblem] = useState(false);
  const accept = useAcceptRecommendation();
  const remove = useDismissRecommendation();
  const check = acceptPayload(rec, draft);
  const problem = showProblem && !check.ok ? check : null;
  const kept = keptIds(rec, draft).length;
  const busy = accept.isPending || remove.isPending;
  const title = draft.binderName.trim() || 'New binder';

  return (
    <Card withBorder radius="md" padding="md" component="article" aria-label={`Suggestion: ${title}`}>
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Text fw={600}>
            {kept} of {rec.items.length} {plural(rec.items.length, 'item')} → {draft.drawerName.trim() || '…'}{' '}
            / {title}
          </Text>
          <Badge
            variant="outline"
            color={isHighConfidence(rec) ? 'var(--easio-text-success)' : 'var(--easio-text-muted)'}
            tt="none"
          >
            {confidenceLabel(rec)}
          </Badge>
        </Group>
        <Stack gap="sm">
          <NameChooser
            label="Drawer"
            options={rec.drawer_name_options}
            value={draft.drawerName}
            onChange={(drawerName) => setDraft((d) => ({ ...d, drawerName }))}
            error={problem?.field === 'drawer' ? problem.message : null}
          />
          <NameChooser
            label="Binder"
            options={rec.binder_name_options}
            value={draft.binderName}
            onChange={(binderName) => setDraft((d) => ({ ...d, binderName }))}
            error={problem?.field === 'binder' ? problem.message : null}
          />
        </Stack>
        <TagsInput
          size="sm"
          label="Tags"
          description="Press Enter after each tag"
          value={draft.tags}
          maxTags={RECOMMENDATION_TAGS_MAX}
          onChange={(tags) => setDraft((d) => setTags(d, tags))}
          error={problem?.field === 'tags' ? problem.message : null}
          clearable
        />
        <Stack gap={6} role="group" aria-label="Items to move">
          {rec.items.map((item) => (
            <ItemToggle
              key={item.id}
              item={item}
              kept={!draft.excluded.includes(item.id)}
              onToggle={() => setDraft((d) => toggleItem(d, item.id))}
            />
          ))}
        </Stack>
        {problem?.field === 'items' && (
          <Text size="sm" c="red" role="alert">
            {problem.message}
          </Text>
        )}
        <Group justify="flex-end" gap="xs">
          {/* Dismiss, not Delete: nothing is deleted, the items stay where they are. */}
          <Button
            variant="default"
            loading={remove.isPending}
            disabled={busy}
            title="Not proposed again; the items stay where they are"
            onClick={() => remove.mutate(rec.id)}
          >
            Dismiss
          </Button>
          <Button
            loading={accept.isPending}
            disabled={busy || kept === 0}
            onClick={() => {
              if (check.ok) accept.mutate(check.payload);
              else setShowProblem(true);
            }}
          >
            Accept
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
