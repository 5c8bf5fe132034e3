import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { adAccountsQuery, adApplicationsQuery } from '../../gateway/client/queries/advertising';
import { AD_ACCOUNT_STATUS, AD_PLATFORMS, adPlatformBySlug } from '../../gateway/contract/advertising';
import type { AdAccount, AdApplication } from '../../gateway/contract/actions/advertising';
import { AD_PLATFORM_ACCOUNT_STATUSES, adPlatformServes } from '../../gateway/contract/ad-platform-status';
import { formatMoney } from '../../gateway/contract/money';
import { adAccountLifecycle } from '../../machines/lifecycles/ad-account.machine';
import { Button } from '../ui/Button';
import { Card } from '../ui/Card';
import { DataTable, RowAction } from '../ui/DataTable';
import { PageFrame } from '../ui/PageFrame';
import { Select } from '../ui/Select';
import { TextField } from '../ui/TextField';
import { AdOpeningDialog } from './AdOpeningDialog';
import { AdOperationDialog } from './AdOperationDialog';
import { AdRechargeDialog } from './AdRechargeDialog';
import { AdStatusBadge } from './AdStatusBadge';

/** /advertising/<platform>/account-list: one page for every platform, driven by the platform table. */
export default function AdAccountListPage() {
  const { t, i18n } = useTranslation('advertising');
  const [location] = useLocation();
  const platform = adPlatformBySlug(location.split('/')[2]) ?? AD_PLATFORMS[0];
  const [status, setStatus] = useState<number | null>(null);
  const [keyword, setKeyword] = useState('');
  const [applying, setApplying] = useState(false);
  const [recharging, setRecharging] = useState<AdAccount | null>(null);
  const [operating, setOperating] = useState<AdAccount | null>(null);
  const accounts = useQuery(
    adAccountsQuery({
      PlatformId: platform.id,
      ...(status ? { Status: [status] } : {}),
      ...(keyword.trim() ? { Keyword: keyword.trim() } : {}),
    }),
  );
  const applications = useQuery(adApplicationsQuery({ PlatformId: platform.id }));
  const money = (units: number, currency: string) => formatMoney(units, currency, i18n.language);
  const platformName = t(`platforms.${platform.id}` as 'platforms.1');

  return (
    <PageFrame
      title={t('titles.accounts', { platform: platformName })}
      testId="ad-account-list"
      actions={<Button onClick={() => setApplying(true)}>{t('list.apply')}</Button>}
    >
      <div className="mb-4 flex flex-wrap gap-4">
        <Select
          label={t('list.statusFilter')}
          value={status ?? 0}
          options={[
            { value: 0, label: t('list.allStatuses') },
            ...Object.values(AD_ACCOUNT_STATUS).map((code) => ({
              value: code,
              label: t(`status.${code}` as 'status.1'),
            })),
          ]}
          onChange={(value) => setStatus(value || null)}
        />
        <TextField label={t('list.keyword')} value={keyword} onValueChange={setKeyword} />
      </div>
      <DataTable<AdAccount>
        caption={t('list.caption')}
        rows={accounts.data?.Accounts}
        rowKey={(row) => row.AccountId}
        isLoading={accounts.isLoading}
        empty={{ title: t('list.empty'), description: t('list.emptyHint') }}
        columns={[
          { key: 'id', header: t('list.id'), cell: (row) => row.AccountId },
          { key: 'name', header: t('list.name'), cell: (row) => row.Name },
          { key: 'status', header: t('list.status'), cell: (row) => <AdStatusBadge status={row.Status} /> },
          // TikTok, Snapchat and Huawei have their own account statuses (spec 001 §4), as the platform reports them
          ...(AD_PLATFORM_ACCOUNT_STATUSES[platform.id]
            ? [
                {
                  key: 'platformStatus',
                  header: t('platformStatus.column'),
                  cell: (row: AdAccount) =>
                    row.PlatformStatus === null
                      ? '—'
                      : t(`platformStatus.${platform.id}.${row.PlatformStatus}` as 'platformStatus.3.1'),
                },
              ]
            : []),
          { key: 'currency', header: t('list.currency'), cell: (row) => row.Currency },
          { key: 'tz', header: t('list.timeZone'), cell: (row) => row.TimeZone },
          {
            key: 'balance',
            header: t('list.balance'),
            align: 'right',
            cell: (row) => money(row.Balance, row.Currency),
          },
          {
            key: 'spent',
            header: t('list.consumption'),
            align: 'right',
            cell: (row) => money(row.Consumption, row.Currency),
          },
        ]}
        rowActions={(row) =>
          // the account's money lifecycle and the platform's own status both allow recharges and operations
          adAccountLifecycle.can(row.Status, 'recharge.request') && adPlatformServes(row.PlatformStatus) ? (
            <>
              <RowAction onClick={() => setRecharging(row)}>{t('list.recharge')}</RowAction>
              <RowAction onClick={() => setOperating(row)}>{t('operations.menu')}</RowAction>
              {platform.id === 1 && (
                <RowAction href={`/advertising/facebook/ad-list?account=${row.AccountId}`}>{t('list.ads')}</RowAction>
              )}
            </>
          ) : null
        }
      />
      <div className="mt-6">
        <Card title={t('list.applications')}>
          <DataTable<AdApplication>
            caption={t('list.appCaption')}
            rows={applications.data?.Applications}
            rowKey={(row) => row.ApplicationId}
            isLoading={applications.isLoading}
            empty={{ title: t('list.appEmpty') }}
            columns={[
              { key: 'id', header: t('list.appId'), cell: (row) => row.ApplicationId },
              { key: 'name', header: t('list.name'), cell: (row) => row.AccountName },
              { key: 'qty', header: t('list.quantity'), cell: (row) => row.Quantity },
              { key: 'status', header: t('list.status'), cell: (row) => t(`opening.${row.Status}` as 'opening.1') },
              { key: 'reason', header: t('list.reason'), cell: (row) => row.Reason },
              {
                key: 'created',
                header: t('list.created'),
                cell: (row) => new Date(row.CreateTime * 1000).toLocaleString(i18n.language),
              },
            ]}
          />
        </Card>
      </div>
      {applying && <AdOpeningDialog platformId={platform.id} onClose={() => setApplying(false)} />}
      {recharging && <AdRechargeDialog account={recharging} onClose={() => setRecharging(null)} />}
      {operating && <AdOperationDialog account={operating} onClose={() => setOperating(null)} />}
    </PageFrame>
  );
}
