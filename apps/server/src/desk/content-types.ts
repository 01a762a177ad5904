/**
 * Types a browser may show in the page without risk: nothing that can run script in our origin
 * (HTML, SVG, XML are served as downloads instead).
 */
export function isSafeInline(mimeType: string | null): boolean {
  if (!mimeType) return false;
  if (mimeType === 'image/svg+xml') return false;
  return (
    mimeType === 'application/pdf' || mimeType === 'text/plain' || /^(image|audio|video)\//.test(mimeType)
  );
}
