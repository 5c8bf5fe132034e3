import { useEffect } from 'react';

/**
 * After a submit that leaves fields marked invalid, focus moves to the first of them, so a keyboard or
 * screen-reader user lands on what to fix instead of staying on the button (issue 18 §14). One listener
 * for every form of the console: each field already says it is invalid (`aria-invalid`, FieldFrame).
 */
export function FocusFirstInvalidField() {
  useEffect(() => {
    const onSubmit = (event: SubmitEvent) => {
      const form = event.target;
      if (!(form instanceof HTMLFormElement)) return;
      // The form's own handler sets its errors during the event; React has drawn them by the next frame.
      requestAnimationFrame(() => {
        const invalid = form.querySelector<HTMLElement>('[aria-invalid="true"]');
        if (invalid && !invalid.contains(document.activeElement)) invalid.focus();
      });
    };
    document.addEventListener('submit', onSubmit, true);
    return () => document.removeEventListener('submit', onSubmit, true);
  }, []);
  return null;
}
