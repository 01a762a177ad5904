import { useEffect } from 'react';

/** The browser tab's title for the page shown. */
export function usePageTitle(title: string | null) {
  useEffect(() => {
    document.title = title ? `${title} · Easio` : 'Easio — your personal document desk';
  }, [title]);
}
