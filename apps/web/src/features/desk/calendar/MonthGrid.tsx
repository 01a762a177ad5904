import { Popover, Stack, Text, UnstyledButton } from '@mantine/core';
import { useMemo } from 'react';
import { countOf } from '../../../lib/plural';
import classes from './calendar.module.css';
import { formatDayLong, formatWeekday } from './calendar-format';
import { dayKey, monthWeeks, sameDay } from './calendar-grid';
import { EventButton } from './EventButton';
import { type CalendarEvent, eventsOnDay } from './event-times';

/** Events a day cell shows before "+N more". */
const SHOWN_PER_DAY = 3;

interface Props {
  anchor: Date;
  events: CalendarEvent[];
  today: Date;
  /** Opens the week of a day (its number is a link to it). */
  onPickDay: (day: Date) => void;
}

function MoreEvents({ day, events }: { day: Date; events: CalendarEvent[] }) {
  return (
    <Popover position="bottom" withArrow shadow="md" width={260}>
      <Popover.Target>
        <UnstyledButton
          className={classes.more}
          aria-label={`${countOf(events.length - SHOWN_PER_DAY, 'more event')} on ${formatDayLong(day)}`}
        >
          +{events.length - SHOWN_PER_DAY} more
        </UnstyledButton>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap={4} aria-label={`Events on ${formatDayLong(day)}`}>
          <Text size="sm" fw={600}>
            {formatDayLong(day)}
          </Text>
          {events.map((event) => (
            <EventButton key={event.object.id} event={event} showTime />
          ))}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}

/** A month as a table of weeks; each day lists its first events and the count of the rest. */
export function MonthGrid({ anchor, events, today, onPickDay }: Props) {
  const weeks = useMemo(() => monthWeeks(anchor), [anchor]);
  const month = anchor.getMonth();
  return (
    <table className={classes.month}>
      <thead>
        <tr>
          {weeks[0]?.map((day) => (
            <th key={day.getDay()} scope="col">
              {formatWeekday(day)}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {weeks.map((week) => (
          <tr key={dayKey(week[0] as Date)}>
            {week.map((day) => {
              const onDay = eventsOnDay(events, day);
              const isToday = sameDay(day, today);
              return (
                <td
                  key={dayKey(day)}
                  className={day.getMonth() === month ? classes.day : `${classes.day} ${classes.otherMonth}`}
                  aria-label={`${formatDayLong(day)}${onDay.length ? `, ${countOf(onDay.length, 'event')}` : ''}`}
                >
                  <UnstyledButton
                    className={isToday ? `${classes.dayNumber} ${classes.today}` : classes.dayNumber}
                    onClick={() => onPickDay(day)}
                    aria-label={`Week of ${formatDayLong(day)}`}
                    aria-current={isToday ? 'date' : undefined}
                  >
                    {day.getDate()}
                  </UnstyledButton>
                  <div className={classes.dayEvents}>
                    {onDay.slice(0, SHOWN_PER_DAY).map((event) => (
                      <EventButton key={event.object.id} event={event} showTime />
                    ))}
                    {onDay.length > SHOWN_PER_DAY && <MoreEvents day={day} events={onDay} />}
                  </div>
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
