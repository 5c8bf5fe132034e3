import { useTranslation } from 'react-i18next';

export function NoPermission() {
  const { t } = useTranslation('home');
  return (
    <div className="mx-auto max-w-lg py-16 text-center" role="alert">
      <h1 className="text-xl font-semibold">{t('noPermission.title')}</h1>
      <p className="mt-2 text-slate-500">{t('noPermission.body')}</p>
    </div>
  );
}
