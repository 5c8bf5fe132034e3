import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { adOperationsQuery } from '../../gateway/client/queries/ad-operations';
import { AD_OPERATION_ACTIONS, type AdOperationAction } from '../../gateway/contract/ad-operations';
import { AD_PLATFORMS, type AdPlatformId } from '../../gateway/contract/advertising';
import type { AdOperation } from '../../gateway/contract/actions/ad-operations';
import { formatMoney } from '../../gateway/contract/money';
import { DataTable } from '../ui/DataTable';
import { PageFrame } from '../ui/PageFrame';
import { Pagination } from '../ui/Pagination';
import { Select } from '../ui/Select';
import { usePaging } from '../ui/usePaging';
import { AdOperationStatusBadge } from './AdOperationStatusBadge';
import { routePlatform } from './ad-route-platform';

/**
 * /advertising/operation-record (every platform, with a platform filter) and
 * /advertising/<platform>/operation-record (that platform's): the operations applied and their answers.
 */
export default function AdOperationRecordPage() {
  const { t, i18n } = useTranslation('advertising');
  const [location] = useLocation();
  const fixed = routePlatform(location);
  const [platformId, setPlatformId] = useState<number>(0);
  const [operation, setOperation] = useState<AdOperationAction | ''>('');
  const { page, pageSize, refilter, pagination } = usePaging();
  const platform = fixed?.id ?? (platformId || undefined);
  const operations = useQuery(
    adOperationsQuery({
      Page: page,
      NumPerPage: pageSize,
      ...(platform ? { PlatformId: platform as AdPlatformId } : {}),
      ...(operation ? { Operation: operation } : {}),
    }),
  );
  const title = fixed
    ? t('titles.platformOperations', { platform: t(`platforms.${fixed.id}` as 'platforms.1') })
    : t('titles.operations');

  return (
    <PageFrame title={title} testId="ad-operation-record">
      <div className="mb-4 flex flex-wrap gap-4">
        {!fixed && (
          <Select
            label={t('operations.platformFilter')}
            value={platformId}
            options={[
              { value: 0, label: t('operations.allPlatforms') },
              ...AD_PLATFORMS.map((p) => ({ value: p.id, label: t(`platforms.${p.id}` as 'platforms.1') })),
            ]}
            onChange={refilter(setPlatformId)}
          />
        )}
        <Select<AdOperationAction | ''>
          label={t('operations.operationFilter')}
          value={operation}
          options={[
            { value: '', label: t('operations.allOperations') },
            ...AD_OPERATION_ACTIONS.map((action) => ({ value: action, label: t(`operations.actions.${action}`) })),
          ]}
          onChange={refilter(setOperation)}
        />
      </div>
      <DataTable<AdOperation>
        caption={title}
        rows={operations.data?.Operations}
        rowKey={(row) => row.OperationId}
        isLoading={operations.isLoading}
        empty={{ title: t('operations.empty'), description: t('operations.emptyHint') }}
        columns={[
          {
            key: 'time',
            header: t('operations.time'),
            cell: (row) => new Date(row.CreateTime * 1000).toLocaleString(i18n.language),
          },
          {
            key: 'account',
            header: t('operations.account'),
            cell: (row) => (
              <span>
                {row.AccountName}
                <span className="block text-xs text-slate-500">{row.AccountId}</span>
              </span>
            ),
          },
          ...(fixed
            ? []
            : [
                {
                  key: 'platform',
                  header: t('operations.platform'),
                  cell: (row: AdOperation) => t(`platforms.${row.PlatformId}` as 'platforms.1'),
                },
              ]),
          {
            key: 'operation',
            header: t('operations.operation'),
            cell: (row) =>
              t(`operations.actions.${row.Operation as AdOperationAction}`) +
              (row.BindingType >= 0
                ? ` · ${t(`operations.binding.${row.BindingType}` as 'operations.binding.0')}`
                : ''),
          },
          {
            key: 'target',
            header: t('operations.target'),
            cell: (row) => (row.Amount ? formatMoney(row.Amount, 'usd', i18n.language) : row.Target || '—'),
          },
          {
            key: 'status',
            header: t('operations.statusHeader'),
            cell: (row) => <AdOperationStatusBadge status={row.Status} />,
          },
          { key: 'reason', header: t('operations.reason'), cell: (row) => row.Reason },
        ]}
      />
      <div className="mt-4">
        <Pagination {...pagination(operations.data?.Total ?? 0)} />
      </div>
    </PageFrame>
  );
}
