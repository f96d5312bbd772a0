// Runs synchronously in <head> so the first paint already has the right theme (no flash).
// Mirrors src/lib/theme.ts: key 'ui-theme', values light | dark | system (default).
(function () {
  var theme = 'system';
  try {
    var stored = window.localStorage.getItem('ui-theme');
    if (stored === 'light' || stored === 'dark' || stored === 'system') theme = stored;
  } catch (e) {
    // Storage can be blocked (privacy modes): fall back to the system preference.
  }
  if (theme === 'system') {
    theme = window.matchMedia && window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
  }
  var root = document.documentElement;
  root.classList.remove('light', 'dark');
  root.classList.add(theme);
})();
