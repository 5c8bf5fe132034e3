import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { cancelSocialPostMutation } from '../../../gateway/client/mutations/social';
import { socialPostsQuery } from '../../../gateway/client/queries/social';
import type { SocialPost } from '../../../gateway/contract/actions/social';
import { SOCIAL_POST_STATUS } from '../../../gateway/contract/statuses';
import { socialPostLifecycle } from '../../../machines/lifecycles/social-post.machine';
import { formatTime } from '../../common/format';
import { Badge, type BadgeTone } from '../../ui/Badge';
import { Card } from '../../ui/Card';
import { DataTable, RowAction } from '../../ui/DataTable';
import { ConfirmDialog } from '../../ui/Dialog';
import { Pagination, PAGE_SIZES } from '../../ui/Pagination';

const STATUS_TONE: Record<number, BadgeTone> = {
  [SOCIAL_POST_STATUS.Draft]: 'neutral',
  [SOCIAL_POST_STATUS.Scheduled]: 'info',
  [SOCIAL_POST_STATUS.Submitted]: 'progress',
  [SOCIAL_POST_STATUS.Success]: 'success',
  [SOCIAL_POST_STATUS.Failed]: 'danger',
  [SOCIAL_POST_STATUS.Canceled]: 'muted',
};

export const NEW_SOCIAL_POST_PATH = '/mkthub/post/social/message';

/** The account's social posts with each profile's result; edit and cancel as the post lifecycle allows. */
export function PostsCard() {
  const { t } = useTranslation('mkthub');
  const client = useQueryClient();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(PAGE_SIZES.compact[0]);
  const [toCancel, setToCancel] = useState<SocialPost | null>(null);
  const posts = useQuery(socialPostsQuery({ Page: page, NumPerPage: pageSize }));
  const cancel = useMutation(cancelSocialPostMutation(client));
  const newPost = (
    <Link
      href={NEW_SOCIAL_POST_PATH}
      className="rounded-[var(--radius-herald)] bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700"
    >
      {t('social.posts.new')}
    </Link>
  );
  const editable = (post: SocialPost) =>
    socialPostLifecycle.can(post.Status, 'post.saveDraft') || socialPostLifecycle.can(post.Status, 'post.publish');
  return (
    <Card title={t('social.posts.title')} action={newPost}>
      <DataTable<SocialPost>
        caption={t('social.posts.title')}
        rows={posts.data?.Posts}
        rowKey={(post) => post.PostId}
        isLoading={posts.isPending}
        error={posts.isError ? posts.error.message : null}
        onRetry={() => void posts.refetch()}
        empty={{ title: t('social.posts.emptyTitle'), description: t('social.posts.emptyBody'), action: newPost }}
        columns={[
          {
            key: 'text',
            header: t('social.posts.columns.text'),
            cell: (post) => <span className="line-clamp-2 max-w-xs">{post.Text}</span>,
          },
          {
            key: 'profiles',
            header: t('social.posts.columns.profiles'),
            cell: (post) => (
              <ul className="text-xs">
                {post.Targets.map((target) => (
                  <li key={target.ProfileId} title={target.Reason || undefined}>
                    {t(`social.platforms.${target.PlatformType as 1}`)} · {target.Name}:{' '}
                    {t(`social.results.${target.Result as 'pending'}`)}
                    {target.Reason && <span className="block text-red-700">{target.Reason}</span>}
                  </li>
                ))}
              </ul>
            ),
          },
          {
            key: 'status',
            header: t('social.posts.columns.status'),
            cell: (post) => (
              <Badge tone={STATUS_TONE[post.Status] ?? 'neutral'}>{t(`social.status.${post.Status as 1}`)}</Badge>
            ),
          },
          { key: 'sendTime', header: t('social.posts.columns.sendTime'), cell: (post) => formatTime(post.SendTime) },
        ]}
        rowActions={(post) => (
          <>
            {editable(post) && (
              <RowAction href={`${NEW_SOCIAL_POST_PATH}/${post.PostId}`}>{t('social.posts.edit')}</RowAction>
            )}
            {socialPostLifecycle.can(post.Status, 'post.cancel') && (
              <RowAction danger onClick={() => setToCancel(post)}>
                {t('social.posts.cancel')}
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
        open={toCancel !== null}
        title={t('social.posts.cancelTitle')}
        description={t('social.posts.cancelBody')}
        confirmLabel={t('social.posts.cancel')}
        danger
        busy={cancel.isPending}
        onConfirm={() => toCancel && cancel.mutate(toCancel.PostId, { onSuccess: () => setToCancel(null) })}
        onClose={() => setToCancel(null)}
      />
    </Card>
  );
}
