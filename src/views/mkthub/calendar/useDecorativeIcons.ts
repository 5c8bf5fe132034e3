import { useEffect, useRef } from 'react';

/**
 * FullCalendar draws its prev/next chevrons as `<span role="img">` with no name, inside buttons that
 * already have one: an image without a text alternative to assistive technology (axe role-img-alt).
 * They are decoration, so they are hidden from it, also when the component draws them again.
 */
export function useDecorativeIcons<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  useEffect(() => {
    const root = ref.current;
    if (!root) return;
    const hide = () =>
      root.querySelectorAll('.fc-icon[role="img"]:not([aria-hidden])').forEach((icon) => {
        icon.setAttribute('aria-hidden', 'true');
      });
    hide();
    const observer = new MutationObserver(hide);
    observer.observe(root, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, []);
  return ref;
}
