import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../ui/EmptyState';
import { PageLoading } from '../ui/Spinner';

/** The frame of every Audience page: a title, a line of context and the page's main actions. */
export { PageFrame as AudiencePage } from '../ui/PageFrame';

/** Loading and error states of a page whose content needs one read first. */
export function Loaded({
  isPending,
  isError,
  onRetry,
  children,
}: {
  isPending: boolean;
  isError: boolean;
  onRetry: () => void;
  children: () => ReactNode;
}) {
  const { t } = useTranslation('audience');
  if (isPending) return <PageLoading label={t('loading')} />;
  if (isError) return <ErrorState message={t('loadFailed')} onRetry={onRetry} retryLabel={t('retry')} />;
  return <>{children()}</>;
}

/** A phone or WhatsApp number as stored (international digits) shown with its "+". */
export const shownPhone = (digits: string) => (digits ? `+${digits}` : '');
