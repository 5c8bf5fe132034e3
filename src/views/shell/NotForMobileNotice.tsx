import { useTranslation } from 'react-i18next';

/**
 * Spec 001 §2: a notice that the console is not made for phones. Shown below 768 px by CSS alone;
 * the side menu collapses there too, so the page can still be read.
 */
export function NotForMobileNotice() {
  const { t } = useTranslation('shell');
  return (
    <section
      aria-labelledby="not-for-mobile-title"
      data-testid="not-for-mobile"
      className="border-b border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900 md:hidden"
    >
      <h2 id="not-for-mobile-title" className="font-semibold">
        {t('notForMobile.title')}
      </h2>
      <p className="mt-1">{t('notForMobile.body')}</p>
    </section>
  );
}
