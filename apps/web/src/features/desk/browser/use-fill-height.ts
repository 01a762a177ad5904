import { type RefObject, useLayoutEffect, useState } from 'react';

/**
 * The height that lets an element reach the bottom of the window from where it starts on the page,
 * so a long list scrolls inside itself while the toolbar and breadcrumbs stay in view.
 */
export function useFillHeight(ref: RefObject<HTMLElement | null>, { min = 300, gap = 24 } = {}) {
  const [height, setHeight] = useState(min);
  useLayoutEffect(() => {
    const measure = () => {
      const node = ref.current;
      if (!node) return;
      const top = node.getBoundingClientRect().top + window.scrollY;
      setHeight(Math.max(min, Math.floor(window.innerHeight - top - gap)));
    };
    measure();
    window.addEventListener('resize', measure);
    // What sits above the element (a wrapping toolbar, a banner, a panel closing) can move it without a
    // window resize: any change of the page's own size is a reason to measure again.
    const observer = new ResizeObserver(measure);
    observer.observe(document.body);
    if (ref.current?.parentElement) observer.observe(ref.current.parentElement);
    return () => {
      window.removeEventListener('resize', measure);
      observer.disconnect();
    };
  }, [ref, min, gap]);
  return height;
}
