import { useTranslation } from 'react-i18next';
import type { TranslationKey } from './keys';

/**
 * Translate a key from any namespace, written `ns:path`. TranslationKey is checked against the
 * English files, so a label key held in data (route table, menus) is as safe as a literal.
 */
export function useLabel() {
  const { t } = useTranslation();
  return (key: TranslationKey, options?: Record<string, unknown>): string => String(t(key as never, options as never));
}
