import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { deleteListMutation } from '../../gateway/client/mutations/audience';
import { contactListsQuery } from '../../gateway/client/queries/audience';
import type { ContactList } from '../../gateway/contract/audience/contact-fields';
import { Card } from '../ui/Card';
import { DataTable, RowAction } from '../ui/DataTable';
import { ConfirmDialog } from '../ui/Dialog';
import { formatCount, formatDay } from '../common/format';
import { AudiencePage } from './AudiencePage';

const linkButton =
  'rounded-[var(--radius-herald)] bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700';

/** /audience/group: the account's lists with their member counts. */
export default function ListsPage() {
  const { t, i18n } = useTranslation('audience');
  const client = useQueryClient();
  const lists = useQuery(contactListsQuery());
  const deleting = useMutation(deleteListMutation(client));
  const [doomed, setDoomed] = useState<ContactList | null>(null);
  return (
    <AudiencePage
      title={t('titles.lists')}
      description={t('lists.description')}
      testId="lists-page"
      actions={
        <Link href="/audience/list/create" className={linkButton}>
          {t('lists.new')}
        </Link>
      }
    >
      <Card>
        <DataTable
          caption={t('titles.lists')}
          rows={lists.data?.Lists}
          rowKey={(list) => String(list.ListId)}
          isLoading={lists.isPending}
          error={lists.isError ? t('loadFailed') : null}
          onRetry={() => void lists.refetch()}
          empty={{ title: t('lists.emptyTitle'), description: t('lists.emptyBody') }}
          columns={[
            {
              key: 'name',
              header: t('lists.name'),
              cell: (list) => (
                <Link href={`/audience/list/detail?id=${list.ListId}`} className="text-brand-700 hover:underline">
                  {list.Name}
                </Link>
              ),
            },
            {
              key: 'count',
              header: t('lists.count'),
              align: 'right',
              cell: (list) => formatCount(list.ContactCount, i18n.language),
            },
            { key: 'updated', header: t('lists.updated'), cell: (list) => formatDay(list.UpdateTime) },
          ]}
          rowActions={(list) => (
            <RowAction danger onClick={() => setDoomed(list)}>
              {t('delete')}
            </RowAction>
          )}
        />
      </Card>
      <ConfirmDialog
        open={doomed !== null}
        title={t('lists.deleteTitle', { name: doomed?.Name ?? '' })}
        description={t('lists.deleteBody')}
        confirmLabel={t('delete')}
        danger
        busy={deleting.isPending}
        onClose={() => setDoomed(null)}
        onConfirm={() => deleting.mutate(doomed!.ListId, { onSuccess: () => setDoomed(null) })}
      />
    </AudiencePage>
  );
}
