import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { deleteAttributeMutation } from '../../gateway/client/mutations/audience';
import { attributesQuery } from '../../gateway/client/queries/audience';
import { attributeTypeName, type AttributeType } from '../../gateway/contract/audience/rules';
import type { ContactAttribute } from '../../gateway/contract/audience/contact-fields';
import { Button } from '../ui/Button';
import { Card } from '../ui/Card';
import { DataTable, RowAction } from '../ui/DataTable';
import { ConfirmDialog } from '../ui/Dialog';
import { formatDay } from '../common/format';
import { AudiencePage } from './AudiencePage';
import { NewAttributeDialog } from './NewAttributeDialog';

/** /audience/attributes: the account's custom contact attributes (spec 001 §3). */
export default function AttributesPage() {
  const { t } = useTranslation('audience');
  const client = useQueryClient();
  const attributes = useQuery(attributesQuery());
  const deleting = useMutation(deleteAttributeMutation(client));
  const [creating, setCreating] = useState(false);
  const [doomed, setDoomed] = useState<ContactAttribute | null>(null);
  const typeLabel = (type: AttributeType) => t(`attributeTypes.${attributeTypeName(type)}`);
  return (
    <AudiencePage
      title={t('titles.attributes')}
      description={t('attributes.description')}
      testId="attributes-page"
      actions={<Button onClick={() => setCreating(true)}>{t('attributes.new')}</Button>}
    >
      <Card>
        <DataTable
          caption={t('titles.attributes')}
          rows={attributes.data?.Attributes}
          rowKey={(a) => String(a.AttributeId)}
          isLoading={attributes.isPending}
          error={attributes.isError ? t('loadFailed') : null}
          onRetry={() => void attributes.refetch()}
          empty={{ title: t('attributes.emptyTitle'), description: t('attributes.emptyBody') }}
          columns={[
            { key: 'name', header: t('attributes.name'), cell: (a) => <code>{a.Name}</code> },
            { key: 'type', header: t('attributes.type'), cell: (a) => typeLabel(a.Type) },
            { key: 'values', header: t('attributes.values'), cell: (a) => a.Values.join(', ') || '—' },
            { key: 'source', header: t('attributes.source'), cell: (a) => t(`attributeSources.${a.Source}`) },
            { key: 'created', header: t('fields.createdAt'), cell: (a) => formatDay(a.CreateTime) },
          ]}
          rowActions={(a) => (
            <RowAction danger onClick={() => setDoomed(a)}>
              {t('delete')}
            </RowAction>
          )}
        />
      </Card>
      <NewAttributeDialog open={creating} onClose={() => setCreating(false)} />
      <ConfirmDialog
        open={doomed !== null}
        title={t('attributes.deleteTitle', { name: doomed?.Name ?? '' })}
        description={t('attributes.deleteBody')}
        confirmLabel={t('delete')}
        danger
        busy={deleting.isPending}
        onClose={() => setDoomed(null)}
        onConfirm={() => deleting.mutate(doomed!.AttributeId, { onSuccess: () => setDoomed(null) })}
      />
    </AudiencePage>
  );
}
