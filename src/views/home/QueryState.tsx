import { useTranslation } from 'react-i18next';
import { Spinner } from '../ui/Spinner';

/** A dashboard card's read while it loads, or its failure with a retry. */
export function QueryState({ isPending, isError, retry }: { isPending: boolean; isError: boolean; retry: () => void }) {
  const { t } = useTranslation('home');
  if (isPending) return <Spinner className="h-5 w-5 text-brand-600" label={t('loading')} />;
  if (isError)
    return (
      <p className="text-sm text-red-600">
        {t('loadFailed')}{' '}
        <button type="button" className="underline" onClick={retry}>
          {t('retry')}
        </button>
      </p>
    );
  return null;
}
