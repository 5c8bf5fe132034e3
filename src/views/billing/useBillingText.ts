import type { TranslationKey } from '../../i18n/keys';
import { useLabel } from '../../i18n/useLabel';

/** A machine's error is the server's Message (already translated) or one of our `billing:` or `errors:` keys. */
export function useBillingText() {
  const label = useLabel();
  return (text: string | null) =>
    text === null ? null : /^(billing|errors):/.test(text) ? label(text as TranslationKey) : text;
}
