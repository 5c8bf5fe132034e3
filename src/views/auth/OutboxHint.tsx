import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';

const OUTBOX_PAGE = '/dev/outbox';

/** Whether this gateway runs the sandbox outbox (the embedded default); asked once per page load. */
const outboxAvailable = queryOptions({
  queryKey: ['dev', 'outboxAvailable'],
  queryFn: async () => {
    const response = await fetch(`${OUTBOX_PAGE}.json`, { method: 'HEAD' });
    return response.ok && (response.headers.get('content-type') ?? '').includes('json');
  },
  staleTime: Infinity,
  retry: false,
});

/** In the embedded default mails never leave the machine: say where to read them. */
export function OutboxHint() {
  const { t } = useTranslation('auth');
  const { data: available } = useQuery(outboxAvailable);
  if (!available) return null;
  return (
    <p className="text-sm text-slate-500" data-testid="outbox-hint">
      {t('common.outboxHint')}{' '}
      <a href={OUTBOX_PAGE} target="_blank" rel="noreferrer" className="font-medium text-brand-600 hover:underline">
        {t('common.outboxLink')}
      </a>
    </p>
  );
}
