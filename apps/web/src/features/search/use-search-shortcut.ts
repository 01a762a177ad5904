import { type RefObject, useEffect } from 'react';
import { isSearchShortcut, shortcutTarget } from './shortcut';

/** `/` anywhere (but while typing) puts the cursor in the search box. */
export function useSearchShortcut(input: RefObject<HTMLInputElement | null>) {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isSearchShortcut(event, shortcutTarget(event.target))) return;
      event.preventDefault();
      input.current?.focus();
      input.current?.select();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [input]);
}
