import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { SHORT_LINK_LIST_PAGE_SIZE, shortLinkListQuery } from '../../gateway/client/queries/short-links';
import { deleteShortLinkMutation } from '../../gateway/client/mutations/short-links';
import type { ShortLink } from '../../gateway/contract/actions/short-links';
import { formatTime } from '../common/format';
import { ConfirmDeleteDialog } from '../common/ConfirmDeleteDialog';
import { useNotify } from '../shell/actors';
import { DataTable, RowAction } from '../ui/DataTable';
import { PageFrame } from '../ui/PageFrame';
import { Pagination } from '../ui/Pagination';
import { TextField } from '../ui/TextField';

const linkClass =
  'rounded-[var(--radius-herald)] bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700';

/** /tool/short-link: the account's short links, newest first, with search, copy, details and delete. */
export default function ShortLinkListPage() {
  const { t } = useTranslation('shortLinks');
  const notify = useNotify();
  const client = useQueryClient();
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);
  const [toDelete, setToDelete] = useState<ShortLink | null>(null);
  const list = useQuery(shortLinkListQuery(keyword.trim(), page));
  const remove = useMutation(deleteShortLinkMutation(client));

  return (
    <PageFrame
      title={t('titles.list')}
      description={t('list.subtitle')}
      testId="short-link-list"
      actions={
        <Link href="/tool/short-link/create" className={linkClass}>
          {t('list.new')}
        </Link>
      }
    >
      <div className="mb-4 max-w-sm">
        <TextField
          label={t('list.search')}
          type="search"
          value={keyword}
          onValueChange={(value) => {
            setKeyword(value);
            setPage(1);
          }}
        />
      </div>
      <DataTable
        caption={t('list.caption')}
        rows={list.data?.Links}
        rowKey={(link) => link.LinkId}
        isLoading={list.isLoading}
        error={list.isError ? t('list.error') : null}
        onRetry={() => void list.refetch()}
        empty={
          keyword.trim()
            ? { title: t('list.noMatch', { keyword: keyword.trim() }) }
            : { title: t('list.emptyTitle'), description: t('list.emptyDescription') }
        }
        columns={[
          {
            key: 'title',
            header: t('list.title'),
            cell: (link) => (
              <Link
                href={`/tool/short-link/detail?id=${link.LinkId}`}
                className="font-medium text-brand-700 hover:underline"
              >
                {link.Title}
              </Link>
            ),
          },
          {
            key: 'short',
            header: t('list.shortUrl'),
            cell: (link) => <code className="text-xs">{link.ShortUrl}</code>,
          },
          {
            key: 'destination',
            header: t('list.destination'),
            cell: (link) => (
              <span className="block max-w-xs truncate" title={link.OriginalUrl}>
                {link.OriginalUrl}
              </span>
            ),
          },
          { key: 'pv', header: t('list.pv'), align: 'right', cell: (link) => link.Pv },
          { key: 'uv', header: t('list.uv'), align: 'right', cell: (link) => link.Uv },
          { key: 'created', header: t('list.created'), cell: (link) => formatTime(link.CreateTime) },
        ]}
        rowActions={(link) => (
          <>
            <RowAction
              onClick={() => void navigator.clipboard?.writeText(link.ShortUrl).then(() => notify(t('list.copied')))}
            >
              {t('list.copy')}
            </RowAction>
            <RowAction danger onClick={() => setToDelete(link)}>
              {t('list.delete')}
            </RowAction>
          </>
        )}
      />
      {(list.data?.Total ?? 0) > SHORT_LINK_LIST_PAGE_SIZE && (
        <Pagination
          page={page}
          pageSize={SHORT_LINK_LIST_PAGE_SIZE}
          total={list.data?.Total ?? 0}
          onPageChange={setPage}
        />
      )}
      <ConfirmDeleteDialog
        item={toDelete}
        idOf={(link) => link.LinkId}
        remove={remove}
        title={t('list.delete')}
        description={t('list.deleteConfirm', { title: toDelete?.Title ?? '' })}
        onDeleted={() => notify(t('list.deleted'))}
        onClose={() => setToDelete(null)}
      />
    </PageFrame>
  );
}
