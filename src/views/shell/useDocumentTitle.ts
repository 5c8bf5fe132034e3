import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { TranslationKey } from '../../i18n/keys';

const PRODUCT = 'Herald';

/**
 * The tab and history name of a page (WCAG 2.4.2): the page's own label, then the product. A label
 * that already names the product ("Sign in to Herald") stands alone.
 */
export function documentTitle(label: string | undefined): string {
  if (!label) return PRODUCT;
  return label.includes(PRODUCT) ? label : `${label} · ${PRODUCT}`;
}

/** Sets document.title from a label key, again when the language changes. */
export function useDocumentTitle(key: TranslationKey | undefined) {
  const { t, i18n } = useTranslation();
  // t as a plain string function: resolving its typed overloads against the union of every key
  // fills tsc's relation cache (TS2859 across the tree in a full typecheck).
  const translate = t as unknown as (key: string) => string;
  // Until the key's namespace has arrived the title stays the product's, never a raw key.
  const label = key && i18n.exists(key) ? String(translate(key)) : undefined;
  useEffect(() => {
    if (key) void i18n.loadNamespaces(key.split(':')[0]);
  }, [key, i18n]);
  useEffect(() => {
    document.title = documentTitle(label);
  }, [label]);
}
