import { useSyncExternalStore } from 'react';

// Phone width (the console's sm breakpoint): the calendar shows a list instead of a grid.
const QUERY = '(max-width: 639px)';

const subscribe = (onChange: () => void) => {
  const list = window.matchMedia(QUERY);
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
};

export const usePhoneWidth = () =>
  useSyncExternalStore(
    subscribe,
    () => window.matchMedia(QUERY).matches,
    () => false,
  );
