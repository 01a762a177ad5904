import { UnstyledButton } from '@mantine/core';
import { useOpenObject } from '../links';
import classes from './calendar.module.css';
import { describeEvent, formatTime } from './calendar-format';
import type { CalendarEvent } from './event-times';

interface Props {
  event: CalendarEvent;
  /** Show the start time before the title (month view). */
  showTime?: boolean;
  style?: React.CSSProperties;
  className?: string;
}

/** An event in the month or week view: opens it in the viewer. */
export function EventButton({ event, showTime = false, style, className }: Props) {
  const open = useOpenObject();
  const name = describeEvent(event, showTime);
  return (
    <UnstyledButton
      className={[classes.event, event.allDay && classes.allDay, className].filter(Boolean).join(' ')}
      style={style}
      onClick={() => open(event.object)}
      aria-label={name}
      title={name}
    >
      {/* The space makes time and title two words of the button's text, not only apart on screen. */}
      {showTime && !event.allDay && (
        <>
          <span className={classes.eventTime}>{formatTime(event.start)}</span>{' '}
        </>
      )}
      <span className={classes.eventTitle}>{event.object.name || 'Untitled event'}</span>
    </UnstyledButton>
  );
}
