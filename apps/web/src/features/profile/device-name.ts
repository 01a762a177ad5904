import Bowser from 'bowser';

/**
 * A session's browser and device as a person names them ("Chrome on Windows", "Safari on iPhone",
 * "Easio extension in Firefox"), from its user-agent string; the raw string stays for the tooltip.
 */
export function deviceName(userAgent: string): string {
  if (!userAgent.trim()) return 'Unknown browser';
  const parsed = Bowser.parse(userAgent);
  const browser = parsed.browser.name;
  const model = parsed.platform.model;
  const os = parsed.os.name;
  const where =
    (parsed.platform.type === 'mobile' || parsed.platform.type === 'tablet') && model ? model : os;
  if (browser && where) return `${browser} on ${where}`;
  if (browser) return browser;
  if (where) return `A browser on ${where}`;
  // Not a browser: a script or an app calling the API (curl, a mail client…): its own first word.
  return userAgent.split(/[\s/]/)[0] || 'Unknown browser';
}
