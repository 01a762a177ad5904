import type { ListQuery } from '@easio/shared';
import { ActionIcon, Alert, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useMemo } from 'react';
import { LoadError } from '../../../components/LoadError';
import { ChevronIcon } from '../../../components/object-icons';
import { countOf } from '../../../lib/plural';
import { formatMonth, formatWeek } from './calendar-format';
import { shiftAnchor, visibleRange, weekDays } from './calendar-grid';
import { MonthGrid } from './MonthGrid';
import { useCalendarEvents } from './use-calendar-events';
import { WeekGrid } from './WeekGrid';

interface Props {
  base: ListQuery;
  view: 'month' | 'week';
  anchor: Date;
  onShow: (next: { view?: 'month' | 'week'; day?: Date | null }) => void;
}

/** The calendar page's month or week: a period to step through and the events in it. */
export function CalendarBoard({ base, view, anchor, onShow }: Props) {
  const range = useMemo(() => visibleRange(view, anchor), [view, anchor]);
  const { events, loading, error, refetch, truncated } = useCalendarEvents(base, range.from, range.to);
  const today = new Date();
  const days = weekDays(anchor);
  const title = view === 'month' ? formatMonth(anchor) : formatWeek(days[0] as Date, days[6] as Date);
  const unit = view === 'month' ? 'month' : 'week';

  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Group gap="xs">
          <ActionIcon
            variant="default"
            aria-label={`Previous ${unit}`}
            onClick={() => onShow({ day: shiftAnchor(view, anchor, -1) })}
          >
            <ChevronIcon size={16} style={{ transform: 'rotate(180deg)' }} />
          </ActionIcon>
          <Button size="xs" variant="default" onClick={() => onShow({ day: null })}>
            Today
          </Button>
          <ActionIcon
            variant="default"
            aria-label={`Next ${unit}`}
            onClick={() => onShow({ day: shiftAnchor(view, anchor, 1) })}
          >
            <ChevronIcon size={16} />
          </ActionIcon>
          <Title order={3} size="h4" aria-live="polite">
            {title}
          </Title>
          {loading && <Loader size="xs" aria-label="Loading events" />}
        </Group>
        {!loading && error == null && (
          <Text size="sm" c="dimmed">
            {events.length === 0
              ? `No events this ${unit}`
              : `${countOf(events.length, 'event')} this ${unit}`}
          </Text>
        )}
      </Group>
      {error != null && <LoadError title="The events could not be loaded" error={error} onRetry={refetch} />}
      {truncated && (
        <Alert color="yellow">
          This {unit} has more events than can be shown at once; the list view has them all.
        </Alert>
      )}
      {view === 'month' ? (
        <MonthGrid
          anchor={anchor}
          events={events}
          today={today}
          onPickDay={(day) => onShow({ view: 'week', day })}
        />
      ) : (
        <WeekGrid anchor={anchor} events={events} today={today} />
      )}
    </Stack>
  );
}
