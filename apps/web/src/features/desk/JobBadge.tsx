import type { DeskObject } from '@easio/shared';
import { Badge, Tooltip, VisuallyHidden } from '@mantine/core';
import { isLink } from '../../lib/object-info';
import { isProcessing, useJobWatch } from './queries';

/** Background processing of a file (or a link's page being read): a small badge while it runs. */
function ProcessingBadge({ object }: { object: DeskObject }) {
  useJobWatch(object);
  return (
    <Badge size="xs" variant="light" color="gray" tt="none" style={{ flexShrink: 0 }}>
      {isLink(object) ? 'Reading the page…' : object.job_state === 'done' ? 'Reading text…' : 'Processing…'}
    </Badge>
  );
}

/** A warning when a file's processing failed; a link without a preview is still a good link (its viewer says why). */
export function JobBadge({ object }: { object: DeskObject }) {
  if (isProcessing(object)) return <ProcessingBadge object={object} />;
  if (object.job_state === 'failed' && !isLink(object)) {
    const reason = object.job_error ?? 'Processing failed';
    return (
      <Tooltip label={reason} multiline maw={280} withArrow>
        <Badge
          size="xs"
          variant="outline"
          color="var(--easio-text-error)"
          tt="none"
          style={{ flexShrink: 0 }}
        >
          Processing failed<VisuallyHidden>: {reason}</VisuallyHidden>
        </Badge>
      </Tooltip>
    );
  }
  return null;
}
