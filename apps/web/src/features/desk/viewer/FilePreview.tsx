import type { DeskObject } from '@easio/shared';
import { Stack, Text } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { displayName, previewKind } from '../../../lib/object-info';
import { NoPreview } from './NoPreview';
import { RenderedPreview } from './RenderedPreview';

const OPEN_ELSEWHERE = 'Download it to open it in another app.';

/** Shows `children`, or, once the browser says it cannot (a damaged picture, a format it does not play), why not. */
function OrWhyNot({
  object,
  message,
  children,
}: {
  object: DeskObject;
  message: string;
  children: (onError: () => void) => ReactNode;
}) {
  const [failed, setFailed] = useState(false);
  if (failed) return <NoPreview object={object} message={message} />;
  return <>{children(() => setFailed(true))}</>;
}

/**
 * A file in the viewer: pictures, PDFs (the browser's own viewer, which pages through), audio and video
 * (played from the file's signed address, which serves ranges, so they seek) shown by the browser;
 * documents, spreadsheets, text and code rendered by the server; anything else said so in plain words.
 */
export function FilePreview({ object }: { object: DeskObject }) {
  const format = previewKind(object);
  const name = displayName(object);
  const url = object.content_url;
  if (!url) return <NoPreview object={object} />;
  switch (format) {
    case 'image':
      return (
        <OrWhyNot object={object} message={`This picture can't be shown here. ${OPEN_ELSEWHERE}`}>
          {(onError) => (
            <img
              src={url}
              alt={name}
              onError={onError}
              style={{
                display: 'block',
                maxWidth: '100%',
                maxHeight: '70vh',
                margin: '0 auto',
                objectFit: 'contain',
              }}
            />
          )}
        </OrWhyNot>
      );
    case 'pdf':
      return (
        <iframe
          src={url}
          title={`Preview of ${name}`}
          style={{
            width: '100%',
            height: '70vh',
            border: 0,
            borderRadius: 8,
            background: 'var(--easio-surface-muted)',
          }}
        />
      );
    case 'audio':
      return (
        <OrWhyNot object={object} message={`This recording can't be played here. ${OPEN_ELSEWHERE}`}>
          {(onError) => (
            // biome-ignore lint/a11y/useMediaCaption: a user's own recordings come without captions.
            <audio
              src={url}
              controls
              preload="metadata"
              onError={onError}
              aria-label={`Play ${name}`}
              style={{ width: '100%' }}
            />
          )}
        </OrWhyNot>
      );
    case 'video':
      return (
        <OrWhyNot object={object} message={`This video can't be played here. ${OPEN_ELSEWHERE}`}>
          {(onError) => (
            // biome-ignore lint/a11y/useMediaCaption: a user's own videos come without captions.
            <video
              src={url}
              controls
              preload="metadata"
              onError={onError}
              aria-label={`Play ${name}`}
              style={{
                display: 'block',
                width: '100%',
                maxHeight: '70vh',
                background: 'black',
                borderRadius: 8,
              }}
            />
          )}
        </OrWhyNot>
      );
    case 'document':
    case 'table':
    case 'text':
    case 'code':
      return <RenderedPreview object={object} />;
    default:
      // A picture browsers cannot show (HEIC, TIFF) still has its thumbnail.
      return object.thumbnail_url ? (
        <Stack gap="xs" align="center">
          <img
            src={object.thumbnail_url}
            alt={name}
            style={{ display: 'block', maxWidth: '100%', borderRadius: 6 }}
          />
          <Text size="sm">A small preview. {OPEN_ELSEWHERE.replace('it', 'the file')}</Text>
        </Stack>
      ) : (
        <NoPreview object={object} />
      );
  }
}
