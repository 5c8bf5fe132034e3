import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../ui/EmptyState';
import { PageLoading } from '../ui/Spinner';

/** The frame of every Audience page: a title, a line of context and the page's main actions. */
export function AudiencePage({
  title,
  description,
  actions,
  children,
  testId,
}: {
  title: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <div className="mx-auto max-w-6xl" data-testid={testId}>
      <header className="mb-6 flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold text-slate-900">{title}</h1>
          {description && <p className="mt-1 text-sm text-slate-500">{description}</p>}
        </div>
        {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
      </header>
      {children}
    </div>
  );
}

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
