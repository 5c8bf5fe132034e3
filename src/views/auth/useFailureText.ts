import { useLabel } from '../../i18n/useLabel';
import type { TranslationKey } from '../../i18n/keys';

/**
 * The account machines keep a refusal as the server's Message (already in the user's language) or,
 * when no server answered, as an `auth:` key; this shows either.
 */
export function useFailureText() {
  const label = useLabel();
  return (text: string | null) =>
    text === null ? null : text.startsWith('auth:') ? label(text as TranslationKey) : text;
}
