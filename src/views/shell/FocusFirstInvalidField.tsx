import { useEffect } from 'react';

/** How long after a submit a field marked invalid still takes the focus (validation may be asynchronous). */
const WATCH_MS = 1_500;

/**
 * After a submit that leaves fields marked invalid, focus moves to the first of them, so a keyboard or
 * screen-reader user lands on what to fix instead of staying on the button (issue 18 §14). One listener
 * for every form of the console: each field already says it is invalid (`aria-invalid`, FieldFrame).
 * The focus is only moved while the user has not gone elsewhere since the submit.
 */
export function FocusFirstInvalidField() {
  useEffect(() => {
    const onSubmit = (event: SubmitEvent) => {
      const form = event.target;
      if (!(form instanceof HTMLFormElement)) return;
      const focusedAtSubmit = document.activeElement;
      const focusFirst = (): boolean => {
        const invalid = form.querySelector<HTMLElement>('[aria-invalid="true"]');
        if (!invalid) return false;
        if (document.activeElement === focusedAtSubmit || document.activeElement === document.body) invalid.focus();
        return true;
      };
      const observer = new MutationObserver(() => {
        if (focusFirst()) stop();
      });
      const timer = setTimeout(() => stop(), WATCH_MS);
      const stop = () => {
        observer.disconnect();
        clearTimeout(timer);
      };
      observer.observe(form, { subtree: true, attributes: true, attributeFilter: ['aria-invalid'], childList: true });
      // The form's own handler may have marked its fields already, during the event.
      requestAnimationFrame(() => {
        if (focusFirst()) stop();
      });
    };
    document.addEventListener('submit', onSubmit, true);
    return () => document.removeEventListener('submit', onSubmit, true);
  }, []);
  return null;
}
