import { ScrollArea, Text } from '@mantine/core';
import { useEffect, useMemo, useRef } from 'react';
import classes from './calendar.module.css';
import { formatDayLong, formatTime, formatWeekday } from './calendar-format';
import { dayKey, layoutDay, sameDay, weekDays } from './calendar-grid';
import { EventButton } from './EventButton';
import { type CalendarEvent, eventsOnDay } from './event-times';

/** Pixels per hour of the time grid. */
const HOUR = 48;
const HOURS = Array.from({ length: 24 }, (_, h) => h);
/** The grid opens scrolled to the working day. */
const FIRST_HOUR_SHOWN = 7;

interface Props {
  anchor: Date;
  events: CalendarEvent[];
  today: Date;
}

/** A week as seven day columns: all-day events on top, the rest on a time grid, overlapping side by side. */
export function WeekGrid({ anchor, events, today }: Props) {
  const days = useMemo(() => weekDays(anchor), [anchor]);
  const viewport = useRef<HTMLDivElement>(null);
  useEffect(() => {
    viewport.current?.scrollTo({ top: FIRST_HOUR_SHOWN * HOUR });
  }, []);
  const perDay = days.map((day) => eventsOnDay(events, day));
  const hasAllDay = perDay.some((list) => list.some((e) => e.allDay));

  return (
    <div className={classes.week}>
      <div className={classes.weekHeader}>
        <span />
        {days.map((day) => (
          <div
            key={dayKey(day)}
            className={sameDay(day, today) ? `${classes.weekDay} ${classes.todayColumn}` : classes.weekDay}
            aria-current={sameDay(day, today) ? 'date' : undefined}
          >
            <Text size="xs" c="dimmed" component="span">
              {formatWeekday(day)}
            </Text>{' '}
            <Text size="sm" fw={600} component="span">
              {day.getDate()}
            </Text>
          </div>
        ))}
      </div>
      {hasAllDay && (
        <div className={classes.allDayRow}>
          <Text size="xs" c="dimmed" className={classes.hourLabel}>
            All day
          </Text>
          {days.map((day, i) => (
            <div key={dayKey(day)} className={classes.allDayCell}>
              {perDay[i]
                ?.filter((e) => e.allDay)
                .map((event) => (
                  <EventButton key={event.object.id} event={event} />
                ))}
            </div>
          ))}
        </div>
      )}
      {/* A stop for the keyboard, so a week without events can still be scrolled through its hours. */}
      <ScrollArea
        h={HOUR * 11}
        viewportRef={viewport}
        type="auto"
        classNames={{ viewport: classes.hoursViewport }}
        viewportProps={{ tabIndex: 0, role: 'region', 'aria-label': 'Hours of the week' }}
      >
        <div className={classes.timeGrid} style={{ height: HOUR * 24 }}>
          <div className={classes.hours}>
            {HOURS.map((h) => (
              <Text key={h} size="xs" c="dimmed" className={classes.hourLabel} style={{ top: h * HOUR }}>
                {h === 0 ? '' : formatTime(new Date(2000, 0, 1, h))}
              </Text>
            ))}
          </div>
          {days.map((day, i) => (
            <section key={dayKey(day)} className={classes.dayColumn} aria-label={formatDayLong(day)}>
              {HOURS.map((h) => (
                <div key={h} className={classes.hourLine} style={{ top: h * HOUR }} />
              ))}
              {layoutDay(perDay[i] ?? [], day).map((p) => (
                <EventButton
                  key={p.event.object.id}
                  event={p.event}
                  showTime
                  className={classes.timed}
                  style={{
                    top: (p.top / 60) * HOUR,
                    height: Math.max(20, (p.height / 60) * HOUR - 2),
                    left: `calc(${(p.lane / p.lanes) * 100}% + 2px)`,
                    width: `calc(${100 / p.lanes}% - 4px)`,
                  }}
                />
              ))}
            </section>
          ))}
        </div>
      </ScrollArea>
    </div>
  );
}
