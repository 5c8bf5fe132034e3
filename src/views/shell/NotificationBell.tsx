import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { notificationListQuery } from '../../gateway/client/queries/settings';
import { CounterLink } from './CounterLink';

function BellIcon() {
  return (
    <svg viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="1.8" aria-hidden>
      <path d="M6 16V11a6 6 0 1 1 12 0v5l1.5 2h-15z" />
      <path d="M10 20a2 2 0 0 0 4 0" />
    </svg>
  );
}

/** Unread account notifications (alarms, ticket replies, plan expiry); the page marks them read. */
export function NotificationBell() {
  const { t } = useTranslation('shell');
  const unread = useQuery({ ...notificationListQuery(1, 10, true), refetchInterval: 60_000 }).data?.UnreadTotal ?? 0;
  return (
    <CounterLink
      path="/notification"
      label={t('notificationsBell', { count: unread })}
      count={unread}
      icon={<BellIcon />}
      testId="notification-bell"
    />
  );
}
