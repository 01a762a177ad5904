/** The top bar's name: the username, or else the e-mail, first letter capitalised (spec section 2). */
export function displayName(
  user: { username?: string | null; email?: string | null } | null | undefined,
): string {
  const raw = user?.username?.trim() || user?.email?.trim() || '';
  const [first = '', ...rest] = Array.from(raw);
  return first.toLocaleUpperCase() + rest.join('');
}

export function welcomeText(user: Parameters<typeof displayName>[0]): string {
  const name = displayName(user);
  return name ? `Welcome, ${name}` : 'Welcome';
}

/** The letters the profile button shows without a picture: the first two of one word, else two words' first letters. */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters =
    words.length === 1 ? Array.from(words[0] ?? '').slice(0, 2) : words.map((w) => Array.from(w)[0]);
  return letters.slice(0, 2).join('').toLocaleUpperCase();
}
