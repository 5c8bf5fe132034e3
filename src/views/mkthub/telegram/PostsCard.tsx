import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { deleteTelegramPostsMutation } from '../../../gateway/client/mutations/telegram';
import { telegramPostsQuery } from '../../../gateway/client/queries/telegram';
import type { TgPost } from '../../../gateway/contract/actions/telegram';
import { TG_POST_STATUS } from '../../../gateway/contract/telegram';
import { tgPostLifecycle } from '../../../machines/lifecycles/tg-post.machine';
import { formatTime } from '../../common/format';
import { Badge, type BadgeTone } from '../../ui/Badge';
import { Card } from '../../ui/Card';
import { DataTable, RowAction } from '../../ui/DataTable';
import { ConfirmDialog } from '../../ui/Dialog';
import { Pagination, PAGE_SIZES } from '../../ui/Pagination';

const STATUS_TONE: Record<number, BadgeTone> = {
  [TG_POST_STATUS.Draft]: 'neutral',
  [TG_POST_STATUS.DraftCopy]: 'neutral',
  [TG_POST_STATUS.Submitted]: 'info',
  [TG_POST_STATUS.Sending]: 'progress',
  [TG_POST_STATUS.Completed]: 'success',
};

export const NEW_POST_PATH = '/mkthub/post/tg/message';

/** The account's posts with each group's result, and what the post lifecycle allows. */
export function PostsCard() {
  const { t } = useTranslation('mkthub');
  const client = useQueryClient();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(PAGE_SIZES.compact[0]);
  const [toDelete, setToDelete] = useState<TgPost | null>(null);
  const posts = useQuery(telegramPostsQuery({ Page: page, NumPerPage: pageSize }));
  const remove = useMutation(deleteTelegramPostsMutation(client));
  const newPost = (
    <Link
      href={NEW_POST_PATH}
      className="rounded-[var(--radius-herald)] bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700"
    >
      {t('telegram.posts.new')}
    </Link>
  );
  return (
    <Card title={t('telegram.posts.title')} action={newPost}>
      <DataTable<TgPost>
        caption={t('telegram.posts.title')}
        rows={posts.data?.Posts}
        rowKey={(post) => post.PostId}
        isLoading={posts.isPending}
        error={posts.isError ? posts.error.message : null}
        onRetry={() => void posts.refetch()}
        empty={{ title: t('telegram.posts.emptyTitle'), description: t('telegram.posts.emptyBody'), action: newPost }}
        columns={[
          {
            key: 'text',
            header: t('telegram.posts.columns.text'),
            cell: (post) => <span className="line-clamp-2 max-w-xs">{post.Text}</span>,
          },
          {
            key: 'groups',
            header: t('telegram.posts.columns.groups'),
            cell: (post) => (
              <ul className="text-xs">
                {post.Groups.map((group) => (
                  <li key={group.ChatId} title={group.Error || undefined}>
                    {group.Title}: {t(`telegram.results.${group.Result as 'sent'}`)}
                  </li>
                ))}
              </ul>
            ),
          },
          {
            key: 'status',
            header: t('telegram.posts.columns.status'),
            cell: (post) => (
              <Badge tone={STATUS_TONE[post.Status] ?? 'neutral'}>{t(`telegram.status.${post.Status as 0}`)}</Badge>
            ),
          },
          { key: 'sendTime', header: t('telegram.posts.columns.sendTime'), cell: (post) => formatTime(post.SendTime) },
        ]}
        rowActions={(post) => (
          <>
            {tgPostLifecycle.can(post.Status, 'post.saveDraft') && (
              <RowAction href={`${NEW_POST_PATH}/${post.PostId}`}>{t('telegram.posts.edit')}</RowAction>
            )}
            <RowAction href={`/mkthub/copypost/tg/message/${post.PostId}`}>{t('telegram.posts.copy')}</RowAction>
            {tgPostLifecycle.can(post.Status, 'post.delete') && (
              <RowAction danger onClick={() => setToDelete(post)}>
                {t('telegram.posts.delete')}
              </RowAction>
            )}
          </>
        )}
      />
      <Pagination
        page={page}
        pageSize={pageSize}
        total={posts.data?.Total ?? 0}
        onPageChange={setPage}
        onPageSizeChange={(size) => {
          setPageSize(size);
          setPage(1);
        }}
        pageSizes={PAGE_SIZES.compact}
      />
      <ConfirmDialog
        open={toDelete !== null}
        title={t('telegram.posts.deleteTitle')}
        description={t('telegram.posts.deleteBody')}
        confirmLabel={t('telegram.posts.delete')}
        danger
        busy={remove.isPending}
        onConfirm={() => toDelete && remove.mutate([toDelete.PostId], { onSuccess: () => setToDelete(null) })}
        onClose={() => setToDelete(null)}
      />
    </Card>
  );
}
