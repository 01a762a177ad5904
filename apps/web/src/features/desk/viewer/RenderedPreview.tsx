import type { DeskObject } from '@easio/shared';
import { Skeleton, Stack, Text, VisuallyHidden } from '@mantine/core';
import { displayName } from '../../../lib/object-info';
import { DocumentFrame } from './DocumentFrame';
import { NoPreview } from './NoPreview';
import { SheetTables } from './SheetTables';
import { TextPreview } from './TextPreview';
import { useFilePreview } from './use-file-preview';

/** A document, spreadsheet, text or code file as the server renders it for the viewer. */
export function RenderedPreview({ object }: { object: DeskObject }) {
  const query = useFilePreview(object);
  const name = displayName(object);
  if (query.isPending) {
    return (
      <Stack gap="xs" aria-busy="true">
        <VisuallyHidden>Preparing the preview…</VisuallyHidden>
        <Skeleton height={16} width="60%" />
        <Skeleton height={16} />
        <Skeleton height={16} width="85%" />
        <Skeleton height={180} />
      </Stack>
    );
  }
  if (query.isError) {
    return (
      <NoPreview
        object={object}
        message="The preview could not be loaded just now. Try again later, or download the file to open it in another app."
      />
    );
  }
  const preview = query.data;
  switch (preview.kind) {
    case 'html':
      return (
        <Stack gap="xs">
          <DocumentFrame html={preview.html} title={`${name}, as a document`} />
          {preview.truncated && (
            <Text size="sm">
              Only the beginning of this document is shown. Download it to read all of it.
            </Text>
          )}
        </Stack>
      );
    case 'table':
      return <SheetTables sheets={preview.sheets} totalSheets={preview.total_sheets} />;
    case 'text':
      return (
        <TextPreview
          text={preview.text}
          code={preview.code}
          truncated={preview.truncated}
          label={`Contents of ${name}`}
        />
      );
    case 'unavailable':
      return <NoPreview object={object} message={preview.message} />;
  }
}
