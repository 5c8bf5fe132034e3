import { useLabel } from '../../i18n/useLabel';
import type { TranslationKey } from '../../i18n/keys';
import type { FieldErrors } from '../../gateway/contract/field-errors';

/** Translates the machine's per-field validation keys for display. */
export function useFieldError(errors: FieldErrors) {
  const t = useLabel();
  return (field: string) => {
    const key = errors[field];
    return key ? t(key as TranslationKey) : undefined;
  };
}
