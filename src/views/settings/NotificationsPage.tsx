import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { markNotificationsReadMutation } from '../../gateway/client/mutations/settings';
import { notificationListQuery } from '../../gateway/client/queries/settings';
import type { AccountNotification } from '../../gateway/contract/actions/settings';
import { Card } from '../ui/Card';
import { Badge } from '../ui/Badge';
import { Button } from '../ui/Button';
import { EmptyState, ErrorState } from '../ui/EmptyState';
import { Pagination } from '../ui/Pagination';
import { PageLoading } from '../ui/Spinner';
import { Segmented } from '../ui/Tabs';
import { PageFrame } from '../ui/PageFrame';
import { usePaging } from '../ui/usePaging';

const KIND_TONE = { alarm: 'danger', ticketReply: 'info', planExpiry: 'warning' } as const;

export default function NotificationsPage() {
  const { t } = useTranslation(['settings', 'common']);
  const queryClient = useQueryClient();
  const [unreadOnly, setUnreadOnly] = useState(false);
  const { page, pageSize, refilter, pagination } = usePaging();
  const list = useQuery({ ...notificationListQuery(page, pageSize, unreadOnly), placeholderData: keepPreviousData });
  const markRead = useMutation(markNotificationsReadMutation(queryClient));
  const unread = list.data?.UnreadTotal ?? 0;

  const item = (n: AccountNotification) => (
    <li
      key={n.NotificationId}
      className={`flex items-start gap-3 px-1 py-3 ${n.Read ? '' : 'bg-brand-50/50'}`}
      data-testid="notification"
      data-read={n.Read}
    >
      <span
        className={`mt-1.5 h-2 w-2 shrink-0 rounded-full ${n.Read ? 'bg-transparent' : 'bg-brand-600'}`}
        aria-label={n.Read ? undefined : t('settings:notifications.unread')}
      />
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-2 text-sm">
          <Badge tone={KIND_TONE[n.Kind]}>{t(`settings:notifications.kinds.${n.Kind}`)}</Badge>
          <span className={n.Read ? 'text-slate-700' : 'font-semibold text-slate-900'}>{n.Title}</span>
        </p>
        {n.Body && <p className="mt-1 text-sm text-slate-600">{n.Body}</p>}
        <p className="mt-1 text-xs text-slate-400">{dayjs.unix(n.CreateTime).format('YYYY-MM-DD HH:mm')}</p>
      </div>
      <div className="flex shrink-0 gap-2 text-sm">
        {n.Link && (
          <Link
            href={n.Link}
            className="text-brand-600 hover:underline"
            onClick={() => !n.Read && markRead.mutate({ NotificationIds: [n.NotificationId] })}
          >
            {t('settings:notifications.open')}
          </Link>
        )}
        {!n.Read && (
          <button
            type="button"
            className="text-slate-500 hover:text-slate-800"
            onClick={() => markRead.mutate({ NotificationIds: [n.NotificationId] })}
          >
            {t('settings:notifications.markRead')}
          </button>
        )}
      </div>
    </li>
  );

  // One page header in every area (issue 18 §20).
  return (
    <PageFrame
      description={t('settings:notifications.subtitle')}
      title={
        <span className="flex items-center gap-2">
          {t('settings:notifications.title')}
          {unread > 0 && (
            <Badge tone="progress" testId="notifications-unread">
              {t('settings:notifications.unreadCount', { count: unread })}
            </Badge>
          )}
        </span>
      }
      actions={
        <Button
          variant="secondary"
          disabled={unread === 0}
          loading={markRead.isPending}
          onClick={() => markRead.mutate({ All: true })}
        >
          {t('settings:notifications.markAllRead')}
        </Button>
      }
    >
      <Card>
        <Segmented
          label={t('settings:notifications.title')}
          value={unreadOnly ? 'unread' : 'all'}
          onChange={refilter((value: 'all' | 'unread') => setUnreadOnly(value === 'unread'))}
          options={[
            { value: 'all', label: t('settings:notifications.all') },
            { value: 'unread', label: t('settings:notifications.unreadOnly') },
          ]}
        />
        {list.isPending ? (
          <PageLoading label={t('common:ui.loading')} />
        ) : list.error ? (
          <ErrorState message={list.error.message} onRetry={() => void list.refetch()} retryLabel={t('common:retry')} />
        ) : list.data.Notifications.length === 0 ? (
          <EmptyState title={t('settings:notifications.empty')} description={t('settings:notifications.emptyText')} />
        ) : (
          <ul className="mt-3 divide-y divide-slate-100">{list.data.Notifications.map(item)}</ul>
        )}
        <Pagination {...pagination(list.data?.Total ?? 0)} />
      </Card>
    </PageFrame>
  );
}
