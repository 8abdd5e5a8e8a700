import { useEffect, useState } from 'react';
import { useLab } from './use-lab';

/** The theme in force: the view's choice, else the system's colour scheme. Sets `data-theme` on <html>. */
export function useResolvedTheme(): 'light' | 'dark' {
  const chosen = useLab((s) => s.view.theme);
  const [prefersDark, setPrefersDark] = useState(
    () => typeof window !== 'undefined' && window.matchMedia?.('(prefers-color-scheme: dark)').matches,
  );
  useEffect(() => {
    const mq = window.matchMedia?.('(prefers-color-scheme: dark)');
    if (!mq) return;
    const on = (e: MediaQueryListEvent) => setPrefersDark(e.matches);
    mq.addEventListener('change', on);
    return () => mq.removeEventListener('change', on);
  }, []);
  const theme = chosen ?? (prefersDark ? 'dark' : 'light');
  useEffect(() => {
    document.documentElement.dataset.theme = theme;
  }, [theme]);
  return theme;
}
