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
