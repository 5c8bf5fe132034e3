import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { changeInboxMutation } from '../../../gateway/client/mutations/inbox';
import { inboxListQuery } from '../../../gateway/client/queries/inbox';
import { INBOX_VIEWS, type InboxMessage, type InboxView } from '../../../gateway/contract/actions/inbox';
import { INBOX_PLATFORM, INBOX_STATUS } from '../../../gateway/contract/inbox';
import { inboxMessageLifecycle } from '../../../machines/lifecycles/inbox-message.machine';
import { formatTime } from '../../common/format';
import { Badge } from '../../ui/Badge';
import { Card } from '../../ui/Card';
import { DataTable, RowAction } from '../../ui/DataTable';
import { PageFrame } from '../../ui/PageFrame';
import { Pagination, PAGE_SIZES } from '../../ui/Pagination';
import { usePaging } from '../../ui/usePaging';
import { Select } from '../../ui/Select';
import { Segmented } from '../../ui/Tabs';
import { TextField } from '../../ui/TextField';
import { STATUS_TONE, statusKey, typeKeys } from './inbox-labels';
import { AssigneeFilter } from './AssigneeSelect';
import { InboxTeamButton } from './InboxTeamDialog';

export const INBOX_DETAIL_PATH = '/mkthub/inbox/detail';

/** Every platform whose messages reach the inbox (social ones: docs/decisions.md "Social messages in the inbox"). */
const PLATFORMS = [
  INBOX_PLATFORM.Facebook,
  INBOX_PLATFORM.Instagram,
  INBOX_PLATFORM.LinkedIn,
  INBOX_PLATFORM.Twitter,
  INBOX_PLATFORM.YouTube,
  INBOX_PLATFORM.TikTok,
  INBOX_PLATFORM.Telegram,
  INBOX_PLATFORM.WhatsApp,
] as const;

/** /mkthub/inbox: the messages of the last 30 days, newest first, arriving without a reload. */
export default function InboxPage() {
  const { t } = useTranslation('mkthub');
  const client = useQueryClient();
  const [view, setView] = useState<InboxView>('all');
  const [platform, setPlatform] = useState<number>(0);
  const [search, setSearch] = useState('');
  const [assignee, setAssignee] = useState('');
  const { page, pageSize, refilter, pagination } = usePaging(PAGE_SIZES.wide);
  const keyword = useDeferredValue(search.trim());
  const list = useQuery(
    inboxListQuery({
      Page: page,
      NumPerPage: pageSize,
      View: view,
      ...(platform ? { PlatformType: platform } : {}),
      ...(keyword ? { Search: keyword } : {}),
      ...(assignee ? { Assignee: assignee } : {}),
    }),
  );
  const change = useMutation(changeInboxMutation(client));
  const act = (message: InboxMessage, Change: 'favorite' | 'unfavorite' | 'archive' | 'restore') =>
    change.mutate({ MessageIds: [message.MessageId], Change });

  return (
    <PageFrame title={t('titles.inbox')} description={t('inbox.subtitle')} actions={<InboxTeamButton />}>
      <Card>
        <div className="mb-4 flex flex-wrap items-end gap-3">
          <Segmented<InboxView>
            label={t('inbox.viewLabel')}
            value={view}
            options={INBOX_VIEWS.map((value) => ({ value, label: t(`inbox.views.${value}`) }))}
            onChange={refilter(setView)}
          />
          <Select<number>
            label={t('inbox.platform')}
            value={platform}
            options={[
              { value: 0, label: t('inbox.allPlatforms') },
              ...PLATFORMS.map((value) => ({ value, label: t(`inbox.platforms.${value}`) })),
            ]}
            onChange={refilter(setPlatform)}
            className="w-44"
          />
          <AssigneeFilter value={assignee} onChange={refilter(setAssignee)} />
          <TextField
            label={t('inbox.search')}
            type="search"
            value={search}
            onValueChange={refilter(setSearch)}
            className="w-56"
          />
        </div>
        <DataTable<InboxMessage>
          caption={t('titles.inbox')}
          rows={list.data?.Messages}
          rowKey={(message) => message.MessageId}
          isLoading={list.isPending}
          error={list.isError ? list.error.message : null}
          onRetry={() => void list.refetch()}
          empty={{
            title: t(view === 'all' && !keyword && !assignee ? 'inbox.emptyTitle' : 'inbox.emptyFiltered'),
            description: view === 'all' && !keyword ? t('inbox.emptyBody') : undefined,
            action:
              view === 'all' && !keyword ? (
                <Link href="/mkthub/tglist" className="text-sm font-medium text-brand-700 hover:underline">
                  {t('inbox.connectTelegram')}
                </Link>
              ) : undefined,
          }}
          columns={[
            {
              key: 'from',
              header: t('inbox.columns.from'),
              cell: (message) => (
                <div className={message.Status === INBOX_STATUS.Unread ? 'font-semibold text-slate-900' : ''}>
                  <div>{message.SenderName || t('inbox.unknownSender')}</div>
                  <div className="text-xs font-normal text-slate-500">{message.ChatTitle}</div>
                </div>
              ),
            },
            {
              key: 'text',
              header: t('inbox.columns.message'),
              cell: (message) => (
                <Link
                  href={`${INBOX_DETAIL_PATH}/${message.MessageId}`}
                  className="line-clamp-2 max-w-md text-slate-800 hover:underline"
                >
                  {message.Favorited && <span aria-label={t('inbox.favorited')}>★ </span>}
                  {message.Text}
                </Link>
              ),
            },
            {
              key: 'platform',
              header: t('inbox.columns.platform'),
              cell: (message) => {
                const keys = typeKeys(message.Type);
                return (
                  <span className="text-xs">
                    {t(keys.platform)} · {t(keys.kind)}
                  </span>
                );
              },
            },
            {
              key: 'status',
              header: t('inbox.columns.status'),
              cell: (message) => <Badge tone={STATUS_TONE[message.Status]}>{t(statusKey(message.Status))}</Badge>,
            },
            {
              key: 'assignee',
              header: t('inbox.columns.assignee'),
              cell: (message) => message.Assignee?.Name ?? '—',
            },
            { key: 'time', header: t('inbox.columns.received'), cell: (message) => formatTime(message.ReceivedTime) },
          ]}
          rowActions={(message) => (
            <>
              <RowAction onClick={() => act(message, message.Favorited ? 'unfavorite' : 'favorite')}>
                {t(message.Favorited ? 'inbox.actions.unfavorite' : 'inbox.actions.favorite')}
              </RowAction>
              {inboxMessageLifecycle.can(message.Status, 'message.archive') && (
                <RowAction onClick={() => act(message, 'archive')}>{t('inbox.actions.archive')}</RowAction>
              )}
              {inboxMessageLifecycle.can(message.Status, 'message.restore') && (
                <RowAction onClick={() => act(message, 'restore')}>{t('inbox.actions.restore')}</RowAction>
              )}
            </>
          )}
        />
        <Pagination {...pagination(list.data?.Total ?? 0)} />
      </Card>
    </PageFrame>
  );
}
