import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { inboxUnreadQuery } from '../../gateway/client/queries/inbox';
import { CounterLink } from './CounterLink';

function ChatIcon() {
  return (
    <svg viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="1.8" aria-hidden>
      <path d="M4 5h16v11H9l-5 4z" />
      <path d="M8 9h8M8 12h5" />
    </svg>
  );
}

/**
 * The smart inbox's unread messages (GetInboxUnreadCount), asked again every few seconds. Its name never says
 * "message": a page's field labelled Message must stay the only thing of that name.
 */
export function InboxBadge() {
  const { t } = useTranslation('shell');
  const unread = useQuery(inboxUnreadQuery()).data?.Unread ?? 0;
  return (
    <CounterLink
      path="/mkthub/inbox"
      label={t('topbar.inboxUnread', { count: unread })}
      count={unread}
      icon={<ChatIcon />}
      testId="inbox-badge"
    />
  );
}
