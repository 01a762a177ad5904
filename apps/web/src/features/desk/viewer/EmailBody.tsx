import { SegmentedControl, Stack } from '@mantine/core';
import { type ReactNode, useState } from 'react';

/**
 * An e-mail's body: its HTML as the sender laid it out (sanitised by the server, shown in a sandbox
 * that runs nothing and reaches nothing), or its plain text.
 */
export function EmailBody({ html, plain }: { html: string | null; plain: ReactNode }) {
  const [view, setView] = useState<'formatted' | 'text'>('formatted');
  if (!html) return <>{plain}</>;
  return (
    <Stack gap="xs">
      <SegmentedControl
        size="xs"
        w="fit-content"
        aria-label="Show the e-mail"
        value={view}
        onChange={(v) => setView(v as 'formatted' | 'text')}
        data={[
          { value: 'formatted', label: 'Formatted' },
          { value: 'text', label: 'Plain text' },
        ]}
      />
      {view === 'formatted' ? (
        <iframe
          title="The e-mail as sent"
          // No scripts, no forms, no same origin: only links, which open in a new tab.
          sandbox="allow-popups allow-popups-to-escape-sandbox"
          srcDoc={`<!doctype html><meta charset="utf-8"><base target="_blank"><body style="font-family:system-ui,sans-serif;font-size:14px;margin:12px">${html}</body>`}
          style={{
            width: '100%',
            height: '60vh',
            border: '1px solid var(--easio-border)',
            borderRadius: 8,
            // An e-mail's HTML is written for a white page (its colours are the sender's), whatever the theme.
            background: 'white',
          }}
        />
      ) : (
        plain
      )}
    </Stack>
  );
}
