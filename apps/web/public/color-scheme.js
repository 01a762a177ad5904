// Sets the theme before the first paint (a file of its own: the content policy allows no inline script).
// The key is COLOR_SCHEME_KEY in src/lib/color-scheme.ts; 'auto' (or nothing chosen) follows the system.
try {
  const chosen = window.localStorage.getItem('easio.colorScheme');
  const system = window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
  const scheme = chosen === 'light' || chosen === 'dark' ? chosen : system;
  document.documentElement.setAttribute('data-mantine-color-scheme', scheme);
} catch {
  // No storage (a private window's policy): Mantine sets the scheme once the app starts.
}
