import type { DeskObject } from '@easio/shared';
import { Alert, Anchor, Badge, Group, Paper, ScrollArea, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import {
  formatCoordinates,
  formatWhen,
  mapLink,
  pageFactsOf,
  placeOf,
  safeHref,
} from '../../../lib/object-info';
import { countOf } from '../../../lib/plural';
import { EmailBody } from './EmailBody';
import { FilePreview } from './FilePreview';
import { ScanText } from './ScanText';

/** Text exactly as written: never parsed as HTML, line breaks kept. */
function PlainText({ text }: { text: string | null }) {
  if (!text) {
    return (
      <Text c="dimmed" size="sm">
        No text.
      </Text>
    );
  }
  return (
    <ScrollArea.Autosize mah="60vh" type="auto">
      <Paper withBorder radius="md" p="md" bg="var(--easio-surface-subtle)">
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {text}
        </Text>
      </Paper>
    </ScrollArea.Autosize>
  );
}

function WebLink({ url }: { url: string | null }) {
  const href = safeHref(url);
  if (!href) return <Text size="sm">{url ?? 'No address'}</Text>;
  return (
    <Anchor href={href} target="_blank" rel="noopener noreferrer" style={{ overflowWrap: 'anywhere' }}>
      {url}
    </Anchor>
  );
}

const hostOf = (url: string | null) => {
  const href = safeHref(url);
  return href ? new URL(href).hostname.replace(/^www\./, '') : null;
};

/** Where a link's preview stands: being read, or why there is none. */
function PreviewState({ object }: { object: DeskObject }) {
  if (object.job_state === 'pending' || object.job_state === 'running') {
    return (
      <Badge variant="light" color="gray" tt="none">
        Reading the page…
      </Badge>
    );
  }
  if (object.job_state === 'failed') {
    return (
      <Text size="xs" c="dimmed">
        No preview. {object.job_error ?? 'The page could not be read'}.
      </Text>
    );
  }
  return null;
}

/** A link as its page presents itself: site and icon, picture, description; then the address itself. */
export function LinkCard({ object }: { object: DeskObject }) {
  const facts = pageFactsOf(object.metadata);
  const site = facts.siteName ?? hostOf(object.url);
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="xs">
        {site && (
          <Group gap={8} wrap="nowrap">
            {facts.icon && <img src={facts.icon} alt="" width={16} height={16} />}
            <Text size="sm" c="dimmed" truncate>
              {site}
            </Text>
          </Group>
        )}
        {object.thumbnail_url && (
          <img
            src={object.thumbnail_url}
            alt=""
            style={{
              display: 'block',
              maxWidth: '100%',
              maxHeight: 280,
              borderRadius: 6,
              objectFit: 'cover',
            }}
          />
        )}
        {facts.description && <Text size="sm">{facts.description}</Text>}
        <WebLink url={object.url} />
        <PreviewState object={object} />
      </Stack>
    </Paper>
  );
}

export function PlaceLink({ metadata }: { metadata: Record<string, unknown> }) {
  const place = placeOf(metadata);
  if (!place) return null;
  return (
    <Stack gap={2}>
      {place.label && <Text fw={600}>{place.label}</Text>}
      {place.address && <Text size="sm">{place.address}</Text>}
      <Group gap="sm">
        <Text size="sm">{formatCoordinates(place)}</Text>
        <Anchor size="sm" href={mapLink(place)} target="_blank" rel="noopener noreferrer">
          Open in OpenStreetMap
        </Anchor>
      </Group>
    </Stack>
  );
}

function JobNotice({ object }: { object: DeskObject }) {
  if (object.job_state === 'pending' || object.job_state === 'running') {
    return (
      <Badge variant="light" color="gray" tt="none">
        Processing…
      </Badge>
    );
  }
  if (object.job_state === 'failed') {
    return (
      <Alert color="orange" title="Easio could not read this file's contents">
        <Stack gap={4}>
          <Text size="sm">Search may not find it by what it says. You can still download it.</Text>
          {object.job_error && <Text size="xs">Why: {object.job_error}</Text>}
        </Stack>
      </Alert>
    );
  }
  return null;
}

/** For an uploaded calendar file: where the events it held went (the file itself stays, as uploaded). */
function CalendarFileNote({ metadata }: { metadata: Record<string, unknown> }) {
  const events = metadata.calendar_events;
  if (typeof events !== 'number') return null;
  const name = typeof metadata.calendar === 'string' && metadata.calendar ? ` “${metadata.calendar}”` : '';
  if (events === 0) {
    return <Text size="sm">This calendar{name} holds no events to add to your desk.</Text>;
  }
  return (
    <Text size="sm">
      The {countOf(events, 'event')} of this calendar{name} were added beside this file
      {metadata.calendar_capped === true ? ' (only the first ones: the calendar holds more)' : ''}. They also
      show on the{' '}
      <Anchor component={Link} to="/my-desk/calender">
        Calendar
      </Anchor>{' '}
      page.
    </Text>
  );
}

/** Meta fields worth showing for e-mails and events, when the source gave them as text. */
const MAIL_FIELDS = ['from', 'to', 'cc', 'subject', 'date', 'start', 'end', 'location'] as const;
const DATE_FIELDS: ReadonlySet<string> = new Set(['date', 'start', 'end']);

function Headers({ metadata }: { metadata: Record<string, unknown> }) {
  const rows = MAIL_FIELDS.flatMap((key) => {
    const value = metadata[key];
    if (typeof value !== 'string' || value.trim() === '') return [];
    return [[key, DATE_FIELDS.has(key) ? formatWhen(value) : value] as const];
  });
  if (rows.length === 0) return null;
  return (
    <Stack gap={2}>
      {rows.map(([key, value]) => (
        <Text key={key} size="sm">
          <Text span fw={600} tt="capitalize">
            {key}:
          </Text>{' '}
          {value}
        </Text>
      ))}
    </Stack>
  );
}

interface Attendee {
  email: string;
  name: string;
  response: string;
}
const isAttendee = (v: unknown): v is Attendee =>
  typeof v === 'object' && v !== null && typeof (v as Attendee).email === 'string';
const isLink = (v: unknown): v is { title: string; url: string } =>
  typeof v === 'object' && v !== null && typeof (v as { url?: unknown }).url === 'string';

/** An event's attendees (with their answer) and its attached documents, as links. */
function EventDetails({ metadata }: { metadata: Record<string, unknown> }) {
  const attendees = Array.isArray(metadata.attendees) ? metadata.attendees.filter(isAttendee) : [];
  const attachments = Array.isArray(metadata.attachments) ? metadata.attachments.filter(isLink) : [];
  if (attendees.length === 0 && attachments.length === 0) return null;
  return (
    <Stack gap={4}>
      {attendees.length > 0 && (
        <Text size="sm">
          <Text span fw={600}>
            Attendees:
          </Text>{' '}
          {attendees.map((a) => `${a.name || a.email}${a.response ? ` (${a.response})` : ''}`).join(', ')}
        </Text>
      )}
      {attachments.map((a) => {
        const href = safeHref(a.url);
        return href ? (
          <Anchor key={a.url} href={href} target="_blank" rel="noopener noreferrer" size="sm">
            {a.title || a.url}
          </Anchor>
        ) : null;
      })}
    </Stack>
  );
}

/** For a file that came attached to an e-mail: which one. */
function AttachmentOf({ metadata }: { metadata: Record<string, unknown> }) {
  if (metadata.attachment !== true || typeof metadata.email_subject !== 'string') return null;
  const from = typeof metadata.from === 'string' && metadata.from ? ` from ${metadata.from}` : '';
  return (
    <Text size="sm" c="dimmed">
      Attached to the e-mail “{metadata.email_subject || '(no subject)'}”{from}.
    </Text>
  );
}

/**
 * What the viewer shows: files as their kind allows (FilePreview), notes as text, links that open a new
 * tab, places with a map link, e-mails as sent, events with their details.
 */
export function ItemPreview({ object }: { object: DeskObject }) {
  switch (object.data_type) {
    case 'file_object':
      return (
        <Stack>
          <JobNotice object={object} />
          <AttachmentOf metadata={object.metadata} />
          <CalendarFileNote metadata={object.metadata} />
          <FilePreview object={object} />
          <ScanText object={object} />
          <PlaceLink metadata={object.metadata} />
        </Stack>
      );
    case 'note_object':
      return <PlainText text={object.content} />;
    case 'url_object':
      return <LinkCard object={object} />;
    case 'url_note_object':
      return (
        <Stack>
          <LinkCard object={object} />
          <PlainText text={object.content} />
        </Stack>
      );
    case 'location_object':
      return placeOf(object.metadata) ? (
        <PlaceLink metadata={object.metadata} />
      ) : (
        <Text c="dimmed" size="sm">
          This location has no coordinates.
        </Text>
      );
    case 'email_object':
      return (
        <Stack>
          <Headers metadata={object.metadata} />
          <EmailBody
            html={typeof object.metadata.html === 'string' ? object.metadata.html : null}
            plain={<PlainText text={object.content} />}
          />
        </Stack>
      );
    case 'event_object':
      return (
        <Stack>
          <Headers metadata={object.metadata} />
          <EventDetails metadata={object.metadata} />
          {object.content && <PlainText text={object.content} />}
        </Stack>
      );
    default:
      return null;
  }
}
