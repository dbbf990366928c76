// Sets the colour scheme before the first paint (as Mantine's ColorSchemeScript does) to avoid a flash of the wrong
// scheme. A classic script file rather than an inline one: the server's CSP allows scripts from 'self' only.
// The key is STORAGE_KEYS.colorScheme of @laurel/contract (checked by src/features/welcome/color-scheme-script.test.ts).
(() => {
  try {
    const stored = localStorage.getItem('laurel.color-scheme');
    const dark = matchMedia('(prefers-color-scheme: dark)').matches;
    const scheme = stored === 'light' || stored === 'dark' ? stored : dark ? 'dark' : 'light';
    document.documentElement.setAttribute('data-mantine-color-scheme', scheme);
  } catch {
    // Storage may be blocked; Mantine applies the scheme itself once it starts.
  }
})();
