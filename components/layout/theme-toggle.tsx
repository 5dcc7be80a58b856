'use client';
import { usePrefs } from '@/lib/client/stores/prefs';
import { MoonIcon, SunIcon } from '@/components/ui/icons';

export function ThemeToggle() {
  const theme = usePrefs((s) => s.theme);
  const setTheme = usePrefs((s) => s.setTheme);
  const next = theme === 'dark' ? 'light' : 'dark';
  return (
    <button
      type="button"
      onClick={() => setTheme(next)}
      className="grid h-7 w-7 place-items-center rounded border border-border text-muted hover:bg-raised hover:text-text"
      aria-label={`Switch to ${next} theme`}
      title={`Switch to ${next} theme`}
    >
      {theme === 'dark' ? <SunIcon /> : <MoonIcon />}
    </button>
  );
}
