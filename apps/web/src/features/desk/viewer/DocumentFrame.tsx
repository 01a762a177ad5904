/** Readable defaults for a document shown on its own: the sender's layout is not kept, only its structure. */
const DOCUMENT_STYLE = `
body{font-family:system-ui,sans-serif;font-size:15px;line-height:1.55;color:#212529;margin:16px 20px;overflow-wrap:anywhere}
h1,h2,h3,h4,h5,h6{line-height:1.25;margin:1.2em 0 .5em}
img{max-width:100%;height:auto}
table{border-collapse:collapse;margin:.8em 0}
td,th{border:1px solid #ced4da;padding:4px 8px;vertical-align:top}
pre{background:#f1f3f5;padding:10px;border-radius:6px;overflow-x:auto}
code{font-family:ui-monospace,SFMono-Regular,Menlo,monospace;font-size:.92em}
blockquote{border-left:3px solid #ced4da;margin:0;padding-left:12px;color:#495057}
a{color:#1864ab}`;

/**
 * A document the server rendered and sanitised (Word, OpenDocument, Markdown), shown in a sandbox that
 * runs nothing and reaches nothing (the app's content policy applies inside too); links open in a new tab.
 */
export function DocumentFrame({ html, title }: { html: string; title: string }) {
  return (
    <iframe
      title={title}
      sandbox="allow-popups allow-popups-to-escape-sandbox"
      srcDoc={`<!doctype html><html lang="en"><meta charset="utf-8"><base target="_blank"><style>${DOCUMENT_STYLE}</style><body>${html}</body></html>`}
      style={{
        width: '100%',
        height: '65vh',
        border: '1px solid var(--mantine-color-gray-3)',
        borderRadius: 8,
        background: 'white',
      }}
    />
  );
}
