import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';

export default function NotFoundPage() {
  const { t } = useTranslation('home');
  return (
    <main className="flex min-h-full flex-col items-center justify-center gap-4 p-8 text-center">
      <p className="text-6xl font-semibold text-brand-600">404</p>
      <h1 className="text-xl font-semibold">{t('notFound.title')}</h1>
      <p className="max-w-md text-slate-500">{t('notFound.body')}</p>
      <Link
        href="/dashboard"
        className="rounded-[var(--radius-herald)] bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700"
      >
        {t('notFound.home')}
      </Link>
    </main>
  );
}
