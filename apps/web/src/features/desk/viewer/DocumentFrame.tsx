import { useComputedColorScheme } from '@mantine/core';

/** Readable defaults for a document shown on its own: the sender's layout is not kept, only its structure. */
const documentStyle = (dark: boolean) => {
  const [ground, text, line, code, quote, link] = dark
    ? ['#242424', '#c9c9c9', '#424242', '#2e2e2e', '#b8b8b8', '#8d98ea']
    : ['#ffffff', '#212529', '#ced4da', '#f1f3f5', '#495057', '#1864ab'];
  return `
html{color-scheme:${dark ? 'dark' : 'light'};background:${ground}}
body{font-family:system-ui,sans-serif;font-size:15px;line-height:1.55;color:${text};margin:16px 20px;overflow-wrap:anywhere}
h1,h2,h3,h4,h5,h6{line-height:1.25;margin:1.2em 0 .5em}
img{max-width:100%;height:auto}
table{border-collapse:collapse;margin:.8em 0}
td,th{border:1px solid ${line};padding:4px 8px;vertical-align:top}
pre{background:${code};padding:10px;border-radius:6px;overflow-x:auto}
code{font-family:ui-monospace,SFMono-Regular,Menlo,monospace;font-size:.92em}
blockquote{border-left:3px solid ${line};margin:0;padding-left:12px;color:${quote}}
a{color:${link}}`;
};

/**
 * A document the server rendered and sanitised (Word, OpenDocument, Markdown), shown in a sandbox that
 * runs nothing and reaches nothing (the app's content policy applies inside too); links open in a new tab.
 * Its colours follow the app's theme.
 */
export function DocumentFrame({ html, title }: { html: string; title: string }) {
  // Read at once, not after mounting, so the frame does not load light and then again dark.
  const dark = useComputedColorScheme('light', { getInitialValueInEffect: false }) === 'dark';
  return (
    <iframe
      title={title}
      sandbox="allow-popups allow-popups-to-escape-sandbox"
      srcDoc={`<!doctype html><html lang="en"><meta charset="utf-8"><base target="_blank"><style>${documentStyle(dark)}</style><body>${html}</body></html>`}
      style={{
        width: '100%',
        height: '65vh',
        border: '1px solid var(--easio-border)',
        borderRadius: 8,
        background: dark ? '#242424' : 'white',
      }}
    />
  );
}
