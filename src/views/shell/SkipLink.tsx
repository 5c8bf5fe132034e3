import { useTranslation } from 'react-i18next';

/**
 * WCAG 2.4.1: the first tab stop jumps past the top bar and the side menu. Focus is moved by hand,
 * so the address keeps no #fragment for the router to trip on.
 */
export function SkipLink({ target }: { target: string }) {
  const { t } = useTranslation('shell');
  return (
    <a
      href={`#${target}`}
      onClick={(event) => {
        event.preventDefault();
        document.getElementById(target)?.focus();
      }}
      className="sr-only z-50 rounded-[var(--radius-herald)] bg-white px-4 py-2 text-sm font-medium text-brand-700 shadow-lg focus:not-sr-only focus:fixed focus:left-4 focus:top-2"
    >
      {t('skipToContent')}
    </a>
  );
}
