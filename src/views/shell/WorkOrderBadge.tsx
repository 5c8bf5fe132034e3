import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { newRepliesQuery } from '../../gateway/queries/account';
import { findRoute } from '../routes';

const WORK_ORDERS_PATH = '/setting/work-order';

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
  const replies = useQuery(newRepliesQuery());
  const total = replies.data?.Total ?? 0;
  const label = t('workOrders.badge', { count: total });
  const content = (
    <span className="relative inline-flex p-1.5 text-slate-600" data-testid="work-order-badge" data-count={total}>
      <EnvelopeIcon />
      {total > 0 && <span className="absolute -right-0.5 -top-0.5 min-w-4 rounded-full bg-red-500 px-1 text-center text-[10px] font-semibold leading-4 text-white">{total > 99 ? '99+' : total}</span>}
    </span>
  );
  return findRoute(WORK_ORDERS_PATH) ? (
    <Link href={WORK_ORDERS_PATH} aria-label={label} title={label} className="rounded-[var(--radius-herald)] hover:bg-slate-100">
      {content}
    </Link>
  ) : (
    <span role="img" aria-label={label} title={label}>
      {content}
    </span>
  );
}
