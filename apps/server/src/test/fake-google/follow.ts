/**
 * Follows a provider's redirects like a browser (keeping its cookies) until one leads to `returnTo`;
 * answers that address, with the code and state the provider put on it.
 */
export async function followToReturn(start: string, returnTo: string): Promise<URL> {
  const cookies = new Map<string, string>();
  let url = start;
  for (let hop = 0; hop < 20; hop++) {
    if (url.startsWith(returnTo)) return new URL(url);
    const response = await fetch(url, {
      redirect: 'manual',
      headers: { cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const eq = pair.indexOf('=');
      cookies.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
    }
    const location = response.headers.get('location');
    if (!location)
      throw new Error(`${url} answered ${response.status} without a redirect: ${await response.text()}`);
    await response.body?.cancel();
    url = new URL(location, url).href;
  }
  throw new Error('Too many redirects');
}
