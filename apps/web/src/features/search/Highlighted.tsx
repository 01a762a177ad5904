import type { TextPart } from '@easio/shared';
import { Mark } from '@mantine/core';
import { Fragment } from 'react';

/** Runs of text with the matched words marked (`<mark>`); the text is always text, never HTML. */
export function Highlighted({ parts, fallback = '' }: { parts: readonly TextPart[]; fallback?: string }) {
  if (parts.every((part) => part.text.trim() === '')) return <>{fallback}</>;
  let at = 0;
  const runs = parts.map((part) => {
    const run = { ...part, at };
    at += part.text.length;
    return run;
  });
  return (
    <>
      {runs.map((run) =>
        run.hit ? (
          <Mark key={run.at} color="yellow" fw={600}>
            {run.text}
          </Mark>
        ) : (
          <Fragment key={run.at}>{run.text}</Fragment>
        ),
      )}
    </>
  );
}
