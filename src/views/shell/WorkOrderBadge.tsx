import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { newRepliesQuery } from '../../gateway/client/queries/account';
import { CounterLink } from './CounterLink';

function EnvelopeIcon() {
  return (
    <svg viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="1.8" aria-hidden>
      <path d="M4 6h16v12H4z" />
      <path d="m4 7 8 6 8-6" />
    </svg>
  );
}

/** The count of new ticket replies (GetNewReplyList). */
export function WorkOrderBadge() {
  const { t } = useTranslation('shell');
  const total = useQuery(newRepliesQuery()).data?.Total ?? 0;
  return (
    <CounterLink
      path="/setting/work-order"
      label={t('workOrders.badge', { count: total })}
      count={total}
      icon={<EnvelopeIcon />}
      testId="work-order-badge"
    />
  );
}
