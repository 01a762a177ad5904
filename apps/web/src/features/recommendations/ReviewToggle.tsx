import { Badge, Button } from '@mantine/core';
import { useGenerationStatus, useRecommendations } from './queries';
import { PANEL_ID } from './RecommendationsPanel';

/** Opens and closes the filing suggestions; its badge counts the open ones, shown either way. */
export function ReviewToggle({ open, onToggle }: { open: boolean; onToggle: () => void }) {
  const count = useRecommendations().data?.length ?? 0;
  // Watching the generation keeps the count fresh after runs the desk started by itself.
  useGenerationStatus();
  return (
    <Button
      variant={open ? 'light' : 'default'}
      radius="xl"
      size="compact-md"
      aria-expanded={open}
      aria-controls={open ? PANEL_ID : undefined}
      onClick={onToggle}
      style={{ flexShrink: 0 }}
      rightSection={
        <Badge
          size="sm"
          circle={count < 10}
          color={count > 0 ? 'easio' : 'gray'}
          aria-label={`${count} open`}
        >
          {count}
        </Badge>
      }
    >
      Suggestions
    </Button>
  );
}
